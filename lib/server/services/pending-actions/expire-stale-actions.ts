import "server-only";
import { HOLD_STATUSES, isHoldStatus } from "@/lib/domain/pending-action-status";
import { ACTIVE_RUN_STATUSES } from "@/lib/domain/run-lifecycle";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { lockPendingAction } from "@/lib/server/repositories/pending-action-repository";
import {
  clearSweepFailures,
  loadSweepFailures,
  recordSweepFailure,
  type SweepFailure,
} from "@/lib/server/services/sweeps/sweep-dead-letters";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { commitTransition, inActionTransaction } from "./action-transaction";

const SWEEP = "expire_stale_actions";

/*
 * Ends quotes whose hold ran out without a confirmation, so the queue and the inbox show the
 * truth even when nobody comes back. Each action expires in its own transaction: one that
 * moved meanwhile (confirmed a moment before) is simply skipped, and one that fails (a stored
 * quote that no longer parses) is counted and, failing again, dead-lettered, never stopping the rest.
 */
export async function expireStaleActions(
  options: { limit?: number },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ expired: string[]; sweepFailures: SweepFailure[] }> {
  const { db } = context;
  const now = context.now();
  const failures = await loadSweepFailures(db, SWEEP);
  const due = await db.pendingAction.findMany({
    where: {
      status: { in: [...HOLD_STATUSES] },
      expiresAt: { lte: now },
      id: { notIn: failures.deadLettered },
    },
    select: { id: true },
    orderBy: { expiresAt: "asc" },
    take: options.limit ?? 100,
  });
  const expired: string[] = [];
  const sweepFailures: SweepFailure[] = [];
  for (const { id } of due) {
    try {
      if (await expireOne(db, id, now)) expired.push(id);
      await clearSweepFailures(db, failures, SWEEP, id);
    } catch (error) {
      sweepFailures.push(await recordSweepFailure(db, SWEEP, id, error));
    }
  }
  return { expired, sweepFailures };
}

async function expireOne(db: PrismaClient, id: string, now: Date): Promise<boolean> {
  return inActionTransaction(db, async (tx, changes) => {
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
        runs: { none: { status: { in: [...ACTIVE_RUN_STATUSES] } } },
      },
      data: { status: "waiting_on_customer" },
    });
    return true;
  });
}
