import "server-only";
import { HOLD_STATUSES, isHoldStatus } from "@/lib/domain/pending-action-status";
import { lockPendingAction } from "@/lib/server/repositories/pending-action-repository";
import { type ActionDeps, resolveActionDeps } from "./action-deps";
import { commitTransition, inActionTransaction } from "./action-transaction";

/*
 * Ends quotes whose hold ran out without a confirmation, so the queue and the inbox show the
 * truth even when nobody comes back. Each action expires in its own transaction: one that
 * moved meanwhile (confirmed a moment before) is simply skipped.
 */
export async function expireStaleActions(
  options: { limit?: number } = {},
  overrides: Partial<ActionDeps> = {},
): Promise<{ expired: string[] }> {
  const { db, now } = resolveActionDeps(overrides);
  const due = await db.pendingAction.findMany({
    where: { status: { in: [...HOLD_STATUSES] }, expiresAt: { lte: now } },
    select: { id: true },
    orderBy: { expiresAt: "asc" },
    take: options.limit ?? 100,
  });
  const expired: string[] = [];
  for (const { id } of due) {
    const done = await inActionTransaction(db, async (tx, changes) => {
      const current = await lockPendingAction(tx, id);
      if (!current || !isHoldStatus(current.status) || current.expiresAt > now) return false;
      await commitTransition(
        tx,
        changes,
        current,
        { type: "expired" },
        {
          now,
          actor: { type: "system" },
        },
      );
      // Nobody answered the quote and no turn follows a sweep: the customer has the next move,
      // unless a run is already at work on the conversation and will set the status itself.
      await tx.conversation.updateMany({
        where: {
          id: current.conversationId,
          status: "agent_working",
          runs: { none: { status: { in: ["queued", "running"] } } },
        },
        data: { status: "waiting_on_customer" },
      });
      return true;
    });
    if (done) expired.push(id);
  }
  return { expired };
}
