import "server-only";
import { ACTIVE_RUN_STATUSES } from "@/lib/domain/run-lifecycle";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import {
  lockConversation,
  staffActorOf,
} from "@/lib/server/services/conversations/conversation-work";
import { clearPersonFlag } from "@/lib/server/services/conversations/flag-for-person";
import { requireConversationInStaffWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { stopRun } from "./stop-run";

type StaffRef = { id: string; role: "agent" | "approver" | "admin" };

/*
 * A person takes the conversation from the AI. The hold is set first, in its own transaction
 * with its audit event, so no new run can be queued; then any run still going is stopped (each
 * stop audited as usual), and stays resumable after the hand-back.
 */
export async function takeOverConversation(
  input: { conversationId: string; staff: StaffRef },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ humanOwnerId: string; stoppedRunIds: string[] }> {
  const { db } = context;
  const now = context.now();
  const actor = staffActorOf(input.staff);
  await requireConversationInStaffWorkspaces(db, {
    conversationId: input.conversationId,
    staffUserId: input.staff.id,
  });
  const stoppedRunIds = await db.$transaction(async (tx) => {
    const ticket = await lockConversation(tx, input.conversationId);
    if (ticket.humanOwnerId === input.staff.id) return null;
    if (ticket.humanOwnerId) {
      const owner = await tx.staffUser.findUnique({ where: { id: ticket.humanOwnerId } });
      throw new AppError("CONFLICT", `${owner?.name ?? "Someone"} has already taken it over.`);
    }
    const active = await tx.run.findMany({
      where: { conversationId: ticket.id, status: { in: [...ACTIVE_RUN_STATUSES] } },
      select: { id: true },
    });
    await tx.conversation.update({
      where: { id: ticket.id },
      data: { humanOwnerId: input.staff.id },
    });
    await publishRealtime(tx, {
      topic: "ticket.changed",
      conversationId: ticket.id,
      payload: { humanOwnerId: input.staff.id },
    });
    await clearPersonFlag(tx, {
      conversationId: ticket.id,
      actor,
      now,
      clearedBy: "take_over",
    });
    const runIds = active.map((run) => run.id);
    await appendAuditEvents(tx, [
      {
        kind: "ticket.taken_over",
        subjectType: "conversation",
        subjectId: ticket.id,
        actor,
        occurredAt: now,
        payload: { conversationId: ticket.id, stoppedRunIds: runIds },
      },
    ]);
    return runIds;
  });
  for (const runId of stoppedRunIds ?? []) {
    await stopRun({ runId, actor }, context).catch((error: unknown) => {
      // Finished between the read and the stop: nothing is left to stop.
      if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
    });
  }
  return { humanOwnerId: input.staff.id, stoppedRunIds: stoppedRunIds ?? [] };
}
