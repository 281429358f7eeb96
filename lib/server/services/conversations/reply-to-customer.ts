import "server-only";
import { z } from "zod";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { requireConversationInStaffWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { lockConversation } from "./conversation-work";
import { clearPersonFlag } from "./flag-for-person";
import { staffTextSchema } from "./staff-text";
import { writeStaffReply } from "./write-staff-reply";

export const replyToCustomerSchema = z.object({ text: staffTextSchema });

/** A person answers the customer on the conversation's own channel (chat, or email via the outbox). */
export async function replyToCustomer(
  input: { conversationId: string; staffUserId: string; text: string },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ messageId: string }> {
  const { db } = context;
  const now = context.now();
  const text = staffTextSchema.parse(input.text);
  await requireConversationInStaffWorkspaces(db, input);
  return db.$transaction(async (tx) => {
    await lockConversation(tx, input.conversationId);
    const reply = await writeStaffReply(tx, {
      conversationId: input.conversationId,
      staffUserId: input.staffUserId,
      text,
      cause: "staff_reply",
      now,
    });
    // A person answered: the conversation no longer waits for one, and the agent may run again.
    await clearPersonFlag(tx, {
      conversationId: input.conversationId,
      actor: reply.audit.actor,
      now,
      clearedBy: "staff_reply",
    });
    await appendAuditEvents(tx, [reply.audit]);
    return { messageId: reply.messageId };
  });
}
