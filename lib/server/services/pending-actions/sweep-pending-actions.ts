import "server-only";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { expireStaleActions } from "./expire-stale-actions";
import { type ReconcilePaymentsReport, reconcilePayments } from "./reconcile-payments";
import { type RefreshReport, refreshInFlightRefunds } from "./refresh-in-flight-refunds";

/*
 * The periodic pass every instance runs beside the run sweeper: lapsed quotes expire,
 * approvals or payments left unfinished by a crash or a timeout are settled, and refunds the
 * provider left pending without a webhook are looked up. Safe to run from any number of
 * instances at once; each step is a conditional move.
 */
export async function sweepPendingActions(
  _input: Record<string, never>,
  context: Pick<UseCaseContext, "db" | "now" | "payments" | "faultPoint" | "commerce">,
): Promise<{ expired: string[]; refreshed: RefreshReport } & ReconcilePaymentsReport> {
  const expiry = await expireStaleActions({}, context);
  const settled = await reconcilePayments({}, context);
  const refreshed = await refreshInFlightRefunds({}, context);
  return {
    ...settled,
    expired: expiry.expired,
    refreshed,
    sweepFailures: [...expiry.sweepFailures, ...settled.sweepFailures],
  };
}
