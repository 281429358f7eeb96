import "server-only";
import {
  DecisionNotSettledError,
  followUpDecision,
} from "@/lib/server/services/approvals/follow-up-decision";
import { settleAbandonedActions } from "@/lib/server/services/pending-actions/reconcile-payments";
import type { RunContext } from "@/lib/server/services/runs/advance-run";
import { type LaunchOutcome, launchRun } from "@/lib/server/services/runs/launch-run";
import { enqueueRunWakeUp } from "@/lib/server/services/runs/wake-run";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import type { Reclaimed } from "./instance-registry";

/*
 * What a dead process left: its payments are settled first (a customer's money matters more than
 * the reply about it) and followed up, then each of its runs gets a wake-up job and this process's workers are
 * woken. Each run is still claimed under its lease, so one another instance picked up meanwhile
 * is left alone.
 */
export async function takeOverWork(
  reclaimed: Reclaimed,
  context: RunContext & Pick<UseCaseContext, "payments">,
): Promise<{ runs: Promise<LaunchOutcome>[] }> {
  const { db } = context;
  await settleAbandonedActions({ actionIds: reclaimed.actionIds }, context);
  // An approver's decision whose request died: its team note and the customer's turn now, not
  // when the decision's own follow-up job comes due (it then finds them done).
  const decided = await db.approvalDecision.findMany({
    where: { pendingActionId: { in: reclaimed.actionIds } },
    select: { pendingActionId: true },
  });
  for (const { pendingActionId } of decided) {
    await followUpDecision({ actionId: pendingActionId }, context).catch((error: unknown) => {
      // Still being paid: the decision's own follow-up job retries until it settles.
      if (!(error instanceof DecisionNotSettledError)) throw error;
    });
  }
  const runs = await db.run.findMany({
    where: { id: { in: reclaimed.runIds } },
    select: { id: true, conversationId: true },
  });
  for (const run of runs) {
    await enqueueRunWakeUp(db, { runId: run.id, conversationId: run.conversationId });
  }
  return { runs: runs.map((run) => launchRun({ runId: run.id }, context)) };
}
