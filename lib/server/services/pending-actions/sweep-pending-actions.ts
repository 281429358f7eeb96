import "server-only";
import { type ActionDeps, resolveActionDeps } from "./action-deps";
import { expireStaleActions } from "./expire-stale-actions";
import { type ReconcilePaymentsReport, reconcilePayments } from "./reconcile-payments";

/*
 * The periodic pass every instance runs beside the run sweeper: lapsed quotes expire, and
 * approvals or payments left unfinished by a crash or a timeout are settled. Safe to run from
 * any number of instances at once; each step is a conditional move.
 */
export async function sweepPendingActions(
  overrides: Partial<ActionDeps> = {},
): Promise<{ expired: string[] } & ReconcilePaymentsReport> {
  const deps = resolveActionDeps(overrides);
  const expiry = await expireStaleActions({}, deps);
  const settled = await reconcilePayments({}, deps);
  return {
    ...settled,
    expired: expiry.expired,
    sweepFailures: [...expiry.sweepFailures, ...settled.sweepFailures],
  };
}
