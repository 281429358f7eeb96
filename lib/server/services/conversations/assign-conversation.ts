import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { changeTicket, staffActorOf, type TicketStaff } from "./conversation-work";

export const assignConversationSchema = z.object({
  /** A staff user's id, or null for unassigned. */
  assigneeId: z.string().min(1).max(100).nullable(),
});

export async function assignConversation(
  input: {
    conversationId: string;
    staff: TicketStaff;
    assigneeId: string | null;
  },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ assigneeId: string | null }> {
  const now = context.now();
  return changeTicket(context.db, input, async (tx, ticket) => {
    if (input.assigneeId) {
      // Only someone who works the ticket's workspace can be given it.
      const assignee = await tx.staffUser.findFirst({
        where: {
          id: input.assigneeId,
          workspaces: { some: { workspace: { customers: { some: { id: ticket.customerId } } } } },
        },
      });
      if (!assignee?.active) {
        throw new AppError(
          "VALIDATION_FAILED",
          "Assign the ticket to an active staff member of its workspace.",
          {
            errors: [
              {
                path: "body.assigneeId",
                message: "is not an active staff member of its workspace",
              },
            ],
          },
        );
      }
    }
    if (ticket.assigneeId === input.assigneeId) return { assigneeId: ticket.assigneeId };
    await tx.conversation.update({
      where: { id: ticket.id },
      data: { assigneeId: input.assigneeId },
    });
    await publishRealtime(tx, {
      topic: "ticket.changed",
      conversationId: ticket.id,
      payload: { assigneeId: input.assigneeId },
    });
    await appendAuditEvents(tx, [
      {
        kind: "ticket.assigned",
        subjectType: "conversation",
        subjectId: ticket.id,
        actor: staffActorOf(input.staff),
        occurredAt: now,
        payload: {
          conversationId: ticket.id,
          fromAssigneeId: ticket.assigneeId,
          toAssigneeId: input.assigneeId,
        },
      },
    ]);
    return { assigneeId: input.assigneeId };
  });
}
