import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { ProviderRefund } from "@/lib/integrations/payments/payment-provider";
import { findPendingAction } from "@/lib/server/repositories/pending-action-repository";
import { loadPaymentRoute } from "@/lib/server/services/pending-actions/payment-route";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type ProviderLookup = {
  actionId: string;
  idempotencyKey: string;
  provider: string;
  /** What the provider holds under the key: a refund, or nothing (it was never made). */
  refund: Pick<ProviderRefund, "providerRefundId" | "status" | "amountCents" | "currency"> | null;
};

/** Asks the payment provider what refund it holds for the action (by its metadata). Changes nothing. */
export async function lookUpReconciliation(
  { actionId }: { actionId: string },
  context: Pick<UseCaseContext, "db" | "payments">,
): Promise<ProviderLookup> {
  const { db, payments } = context;
  const action = await findPendingAction(db, actionId);
  if (!action) throw new AppError("NOT_FOUND", "No such refund");
  if (action.status !== "needs_reconciliation") {
    throw new AppError(
      "CONFLICT",
      `The refund is ${action.status}, not waiting for reconciliation`,
    );
  }
  const route = await loadPaymentRoute(db, payments, action);
  const found = await route.provider.findRefund(route.request);
  return {
    actionId,
    idempotencyKey: action.idempotencyKey,
    provider: route.provider.name,
    refund: found
      ? {
          providerRefundId: found.providerRefundId,
          status: found.status,
          amountCents: found.amountCents,
          currency: found.currency,
        }
      : null,
  };
}
