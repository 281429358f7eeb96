import type { RefundState } from "./refund-state";

/*
 * A refund's provider state in staff's words: the badge, the provider's name and its reason
 * code as a sentence. The customer's words for the same reasons are in customer-phrases.ts.
 */

export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  pending: "Processing",
  requires_action: "Needs action",
  succeeded: "Paid",
  failed: "Failed",
  canceled: "Canceled",
};

const PROVIDER_NAMES: Record<string, string> = { ledger: "Built-in ledger", stripe: "Stripe" };

/** "Stripe", "Built-in ledger", or the stored name of a provider this build does not know. */
export function paymentProviderName(provider: string): string {
  return Object.hasOwn(PROVIDER_NAMES, provider)
    ? (PROVIDER_NAMES[provider] ?? provider)
    : provider;
}

// Stripe's pending_reason and failure_reason codes.
const REASON_WORDS: Record<string, string> = {
  processing: "the card network is still processing it",
  charge_pending: "the original payment has not settled yet",
  insufficient_funds: "the account balance could not cover it",
  lost_or_stolen_card: "the card was reported lost or stolen",
  expired_or_canceled_card: "the card has expired or been canceled",
  charge_for_pending_refund_disputed:
    "the customer disputed the payment while the refund was pending",
  declined: "the card's bank declined it",
  merchant_request: "canceled on our side",
  unknown: "the provider gave no reason",
};

/** The provider's reason in words; a code this build does not know is shown as it came. */
export function describeRefundReason(reason: string | null): string | null {
  if (reason === null) return null;
  return Object.hasOwn(REASON_WORDS, reason) ? (REASON_WORDS[reason] ?? reason) : reason;
}
