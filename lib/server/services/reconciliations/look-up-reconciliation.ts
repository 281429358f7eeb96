import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { ProviderRefund } from "@/lib/integrations/payment-ledger/payment-provider";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type ProviderLookup = {
  actionId: string;
  idempotencyKey: string;
  provider: string;
  /** What the provider holds under the key: a refund, or nothing (it was never made). */
  refund: Pick<ProviderRefund, "providerRefundId" | "status" | "amountCents" | "currency"> | null;
};

/** Asks the payment provider what it did under the refund's idempotency key. Changes nothing. */
export async function lookUpReconciliation(
  { actionId }: { actionId: string },
  context: Pick<UseCaseContext, "db" | "payments">,
): Promise<ProviderLookup> {
  const { db, payments } = context;
  const action = await db.pendingAction.findUnique({ where: { id: actionId } });
  if (!action) throw new AppError("NOT_FOUND", "No such refund");
  if (action.status !== "needs_reconciliation") {
    throw new AppError(
      "CONFLICT",
      `The refund is ${action.status}, not waiting for reconciliation`,
    );
  }
  const found = await payments.findRefundByKey(action.idempotencyKey);
  return {
    actionId,
    idempotencyKey: action.idempotencyKey,
    provider: payments.name,
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
