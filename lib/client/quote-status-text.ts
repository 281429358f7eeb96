import { describeProviderReason } from "@/lib/domain/customer-phrases";
import { formatMoney } from "@/lib/domain/money";
import { FRESH_QUOTE_INVITATION } from "@/lib/domain/quote-presentation";
import { hasFailed, isPaid } from "@/lib/domain/refund-state";
import type { WidgetQuoteCard, WidgetRefund } from "@/lib/server/services/widget/widget-snapshot";

// The customer's own locale and clock: the widget runs in their browser.
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/** Where the money stands, for the card's styling: the provider's word once it has one. */
export type QuoteMoneyTone = "processing" | "paid" | "failed" | "none";

export function quoteMoneyTone(card: WidgetQuoteCard): QuoteMoneyTone {
  if (!card.refund) return card.status === "failed" ? "failed" : "none";
  if (isPaid(card.refund.state)) return "paid";
  return hasFailed(card.refund.state) ? "failed" : "processing";
}

/** What a quote's status means for the customer, in one or two sentences. */
export function quoteStatusText(card: WidgetQuoteCard): string {
  // Once the provider accepted the refund, its state alone says whether money reached them.
  if (card.refund) return refundText(card, card.refund);
  switch (card.status) {
    case "proposed":
    case "awaiting_confirmation":
      return `Held for you until ${timeFormat.format(new Date(card.expiresAt))}. Nothing is refunded until you confirm.`;
    case "suspended":
      return "Paused while we answer your question. Say “go ahead” when you want to continue.";
    case "awaiting_approval":
      return "You confirmed. A team member approves refunds of this size; we'll tell you here.";
    // Executed without a refund record: nothing backs "refunded", so only "approved" is said.
    case "approved":
    case "executing":
    case "executed":
      return "Approved. The refund is being processed.";
    case "declined":
      return "You declined this quote. Nothing was refunded.";
    case "rejected":
      return "Our team did not approve this refund. The reply below explains why.";
    case "expired":
      if (card.outdatedBecause !== null) {
        return `This quote is no longer valid: ${card.outdatedBecause} ${FRESH_QUOTE_INVITATION}`;
      }
      return "This quote expired without an answer, so it can no longer be confirmed. Ask for a fresh quote for the same items.";
    case "superseded":
      return "Replaced by your newer request. This quote can no longer be confirmed.";
    case "failed":
      return "The refund could not be completed. Our team has been told.";
    case "needs_reconciliation":
      return "Our team is checking this refund with the payment provider.";
  }
}

function refundText(card: WidgetQuoteCard, refund: WidgetRefund): string {
  if (isPaid(refund.state)) {
    return `Refunded ${formatMoney(refund.amountCents, card.currency)} to ${refund.target}.`;
  }
  if (!hasFailed(refund.state)) {
    return `Processing: sent to ${refund.target}, not on your account yet. We'll tell you here once the payment processor confirms it.`;
  }
  const why = describeProviderReason(refund.reason);
  const happened = refund.wasPaid
    ? `This refund did not reach you after all${why ? ` (${why})` : ""}; the money came back to us.`
    : `This refund did not go through${why ? ` (${why})` : ""}, so nothing reached your account.`;
  return `${happened} Our team will contact you to send it another way.`;
}
