import "server-only";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { inActionTransaction } from "./action-transaction";
import { applyRefundReport } from "./apply-refund-report";

/*
 * Webhooks can be lost (an endpoint misconfigured, a delivery that gave up). A refund the
 * provider has left pending for longer than REFRESH_AFTER_MS is looked up by the sweep and its
 * state applied like a webhook's, so a customer is never left on "processing" because a
 * notification never came. A lookup that finds nothing new marks the refund as checked, so each
 * refund is asked about at most once per period.
 */

export const REFRESH_AFTER_MS = 10 * 60 * 1000;

export type RefreshReport = { moved: string[]; unreachable: string[] };

export async function refreshInFlightRefunds(
  options: { limit?: number },
  context: Pick<UseCaseContext, "db" | "now" | "payments">,
): Promise<RefreshReport> {
  const { db } = context;
  const now = context.now();
  const checkedBefore = new Date(now.getTime() - REFRESH_AFTER_MS);
  const inFlight = await db.refund.findMany({
    where: {
      status: { in: ["pending", "requires_action"] },
      OR: [{ providerUpdatedAt: null }, { providerUpdatedAt: { lt: checkedBefore } }],
    },
    select: { id: true, providerRefundId: true, connectionId: true },
    orderBy: { providerUpdatedAt: "asc" },
    take: options.limit ?? 50,
  });
  const report: RefreshReport = { moved: [], unreachable: [] };
  for (const refund of inFlight) {
    const provider = await context.payments.forConnection(refund.connectionId);
    let fresh: Awaited<ReturnType<typeof provider.getRefund>>;
    try {
      fresh = await provider.getRefund(refund.providerRefundId);
    } catch {
      // Unreachable or refusing: the next pass asks again; the refund stays as it is.
      report.unreachable.push(refund.id);
      continue;
    }
    const outcome = await inActionTransaction(db, async (tx, changes) => {
      const applied = await applyRefundReport(
        tx,
        changes,
        { provider: provider.name, refund: fresh, occurredAt: now, providerEventId: null },
        now,
      );
      if (applied === "stale") {
        await tx.refund.updateMany({
          where: { id: refund.id, status: fresh.status },
          data: { providerUpdatedAt: now },
        });
      }
      return applied;
    });
    if (outcome === "applied") report.moved.push(refund.id);
  }
  return report;
}
