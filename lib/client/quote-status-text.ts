import { formatMoney } from "@/lib/domain/money";
import { FRESH_QUOTE_INVITATION } from "@/lib/domain/quote-presentation";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";

// The customer's own locale and clock: the widget runs in their browser.
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/** What a quote's status means for the customer, in one or two sentences. */
export function quoteStatusText(card: WidgetQuoteCard): string {
  const money = (cents: number) => formatMoney(cents, card.currency);
  switch (card.status) {
    case "proposed":
    case "awaiting_confirmation":
      return `Held for you until ${timeFormat.format(new Date(card.expiresAt))}. Nothing is refunded until you confirm.`;
    case "suspended":
      return "Paused while we answer your question. Say “go ahead” when you want to continue.";
    case "awaiting_approval":
      return "You confirmed. A team member approves refunds of this size; we'll tell you here.";
    case "approved":
    case "executing":
      return "Approved. The refund is being issued.";
    case "executed":
      return `Refunded ${money(card.refund?.amountCents ?? card.netRefundCents)} to ${card.refund?.target ?? card.refundTarget}.`;
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
