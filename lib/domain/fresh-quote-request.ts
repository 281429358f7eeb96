import type { RefundReason } from "./policy-rules";

// How the customer gives each reason in their own words: phrases the request parser reads as
// exactly that reason, so the new quote is made for the reason the old one had.
const REASON_WORDS: Readonly<Record<RefundReason, string>> = {
  damaged: "they arrived damaged",
  wrong_item: "I was sent the wrong item",
  not_as_described: "they are not as described",
  too_small: "they are too small",
  too_large: "they are too large",
  no_longer_needed: "I no longer need them",
};

export type ExpiredQuote = {
  orderNumber: string;
  lineNames: readonly string[];
  reason: RefundReason;
};

/**
 * The message a customer sends with "Ask for a fresh quote": the same items, order and reason as
 * the quote that lapsed, in words the agent reads as a new request (no yes, no question).
 */
export function freshQuoteRequestText(quote: ExpiredQuote): string {
  const items = quote.lineNames.join(", ");
  return `Please make me a fresh refund quote for the same items from order ${quote.orderNumber}: ${items}. The reason is the same: ${REASON_WORDS[quote.reason]}.`;
}
