import "server-only";
import { z } from "zod";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { createMessage } from "@/lib/server/repositories/message-repository";
import { requireConversationInStaffWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { lockConversation, staffActorOf } from "./conversation-work";
import { staffTextSchema } from "./staff-text";

export const addTeamNoteSchema = z.object({ text: staffTextSchema });

/** An internal note for the team: stored as written, never sent to the customer. */
export async function addTeamNote(
  input: {
    conversationId: string;
    staff: { id: string; role: "agent" | "approver" | "admin" };
    text: string;
  },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ messageId: string }> {
  const { db } = context;
  const now = context.now();
  const text = staffTextSchema.parse(input.text);
  await requireConversationInStaffWorkspaces(db, {
    conversationId: input.conversationId,
    staffUserId: input.staff.id,
  });
  return db.$transaction(async (tx) => {
    await lockConversation(tx, input.conversationId);
    const note = await createMessage(tx, {
      conversationId: input.conversationId,
      authorKind: "staff",
      visibility: "internal",
      body: text,
      staffUserId: input.staff.id,
    });
    await appendAuditEvents(tx, [
      {
        kind: "ticket.note_added",
        subjectType: "conversation",
        subjectId: input.conversationId,
        actor: staffActorOf(input.staff),
        occurredAt: now,
        payload: { conversationId: input.conversationId, messageId: note.id },
      },
    ]);
    return { messageId: note.id };
  });
}
