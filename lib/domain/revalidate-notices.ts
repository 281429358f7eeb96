import { formatMoney } from "./money";
import type { OrderPart } from "./order-fingerprint";
import type { Quote } from "./quote";

/*
 * What the customer reads when a quote they agreed to could not be paid or confirmed because its
 * order changed since it was made (revalidate.ts, ORDER_CHANGED): written by code, like the quote
 * message, in plain words, saying what moved, that nothing was refunded, and what happens next.
 */

const PART_WORDS: Readonly<Record<OrderPart, string>> = {
  items: "the items on it",
  refunds: "the refunds made on it",
  delivery: "its delivery details",
};

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** What happened next: a new quote on the changed order, or why there is none. */
export type AfterOrderChange =
  | { kind: "requoted"; waitsFor: "customer" | "approver"; quote: Quote }
  | { kind: "not_refundable"; reasons: readonly string[] }
  | { kind: "other_quote_open" }
  /** The store no longer has the order: nothing can be quoted on it. */
  | { kind: "order_gone" };

const CONFIRM_NEW_QUOTE =
  "Here is a new quote for the order as it is now; please check it and reply yes if it's right.";

function nextStep(after: AfterOrderChange): string[] {
  switch (after.kind) {
    case "requoted":
      return after.waitsFor === "customer"
        ? [CONFIRM_NEW_QUOTE]
        : [
            `I've made a new quote for the order as it is now: ${formatMoney(after.quote.netRefundCents, after.quote.currency)}. A member of our team needs to approve it, and you'll get an email once it's paid.`,
          ];
    case "not_refundable":
      return after.reasons.length === 0
        ? ["These items can no longer be refunded."]
        : ["These items can no longer be refunded:", ...after.reasons.map((r) => `- ${r}`)];
    case "other_quote_open":
      return ["Your other open quote in this conversation still stands; please answer that one."];
    case "order_gone":
      return ["Reply here if you still need help with this order."];
  }
}

/** At payment: an approved quote was refused because the order moved (or is gone). */
export function orderChangedAtPaymentNotice(input: {
  quote: Quote;
  changed: readonly OrderPart[];
  after: AfterOrderChange;
}): { subject: string; body: string } {
  const { quote, after } = input;
  const refund = formatMoney(quote.netRefundCents, quote.currency);
  const what =
    after.kind === "order_gone"
      ? "our store no longer has it"
      : `it has changed since you agreed to that quote (${joinWords(input.changed.map((part) => PART_WORDS[part]))} changed)`;
  return {
    subject: `About your refund for order ${quote.orderNumber}`,
    body: [
      `Before paying your refund of ${refund} for order ${quote.orderNumber}, I checked the order again: ${what}. So I couldn't pay that quote, and nothing was refunded.`,
      "",
      ...nextStep(after),
    ].join("\n"),
  };
}

/** At confirmation: a "yes" reached a quote whose order moved, and a new quote follows. */
export function outdatedQuoteRequotedNotice(quote: Quote, reasons: readonly string[]): string {
  return [
    `I couldn't accept that confirmation: the quote for order ${quote.orderNumber} is no longer valid.`,
    ...reasons.map((reason) => `- ${reason}`),
    "",
    `Nothing was refunded on this quote. ${CONFIRM_NEW_QUOTE}`,
  ].join("\n");
}
