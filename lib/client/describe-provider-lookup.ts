import { formatMoney } from "@/lib/domain/money";
import type { ProviderLookup } from "@/lib/server/services/reconciliations/look-up-reconciliation";

/** What the payment provider holds under a refund's idempotency key, in one sentence. */
export function describeProviderLookup(lookup: ProviderLookup): string {
  const { provider, refund, idempotencyKey } = lookup;
  if (!refund) return `${provider} holds no refund under ${idempotencyKey}: no money moved.`;
  const amount = formatMoney(refund.amountCents, refund.currency);
  return `${provider} holds refund ${refund.providerRefundId} (${refund.status}, ${amount}) under ${idempotencyKey}.`;
}
