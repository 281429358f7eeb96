import "server-only";
import { z } from "zod";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { ticketTextSchema } from "./ticket-text";
import { lockTicket, resolveTicketDeps, type TicketWorkDeps } from "./ticket-work";
import { writeStaffReply } from "./write-staff-reply";

export const replyToCustomerSchema = z.object({ text: ticketTextSchema });

/** A person answers the customer on the conversation's own channel (chat, or email via the outbox). */
export async function replyToCustomer(
  input: { conversationId: string; staffUserId: string; text: string },
  deps: TicketWorkDeps = {},
): Promise<{ messageId: string }> {
  const { db, now } = resolveTicketDeps(deps);
  const text = ticketTextSchema.parse(input.text);
  return db.$transaction(async (tx) => {
    await lockTicket(tx, input.conversationId);
    const reply = await writeStaffReply(tx, {
      conversationId: input.conversationId,
      staffUserId: input.staffUserId,
      text,
      cause: "staff_reply",
      now,
    });
    await appendAuditEvents(tx, [reply.audit]);
    return { messageId: reply.messageId };
  });
}
