import "server-only";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { expireStaleActions } from "./expire-stale-actions";
import { type ReconcilePaymentsReport, reconcilePayments } from "./reconcile-payments";

/*
 * The periodic pass every instance runs beside the run sweeper: lapsed quotes expire, and
 * approvals or payments left unfinished by a crash or a timeout are settled. Safe to run from
 * any number of instances at once; each step is a conditional move.
 */
export async function sweepPendingActions(
  _input: Record<string, never>,
  context: Pick<UseCaseContext, "db" | "now" | "payments" | "faultPoint">,
): Promise<{ expired: string[] } & ReconcilePaymentsReport> {
  const expiry = await expireStaleActions({}, context);
  const settled = await reconcilePayments({}, context);
  return {
    ...settled,
    expired: expiry.expired,
    sweepFailures: [...expiry.sweepFailures, ...settled.sweepFailures],
  };
}
