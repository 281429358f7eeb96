import { describeReturnFees } from "./customer-phrases";
import { REFUND_REASON_LABELS } from "./policy-rules";
import { type Quote, renderQuoteMarkdown } from "./quote";

/*
 * The one message that shows a customer a quote. Built by code from the stored quote, never by
 * the model, so what the customer confirms is exactly the action and hash it records.
 */

export type QuotePresentationInput = {
  quote: Quote;
  /** Selected lines the policy left out, each with its reason. */
  refused: readonly string[];
  /** False when the reason is the agent's reading, not the customer's words. */
  reasonStatedByCustomer: boolean;
  holdEndsAt: Date;
  now: Date;
  /** A quote shown again (after a pause, or after a "yes" that did not bind to it). */
  again: boolean;
};

const MINUTE_MS = 60_000;

export function renderQuotePresentation(input: QuotePresentationInput): string {
  const { quote } = input;
  const minutesLeft = Math.max(
    1,
    Math.ceil((input.holdEndsAt.getTime() - input.now.getTime()) / MINUTE_MS),
  );
  const reasonCheck = input.reasonStatedByCustomer
    ? []
    : [
        "",
        `You haven't told us why you're returning it, so this quote assumes: **${REFUND_REASON_LABELS[quote.reason]}**. If that's not right, tell me the reason instead of confirming.`,
      ];
  return [
    input.again
      ? `Here is your quote for order ${quote.orderNumber} again:`
      : `Here is the refund I can offer for order ${quote.orderNumber}:`,
    "",
    renderQuoteMarkdown(quote),
    ...returnFeeLines(quote),
    ...(input.refused.length > 0
      ? ["", "Not included:", ...input.refused.map((line) => `- ${line}`)]
      : []),
    ...reasonCheck,
    "",
    `Reply **yes** to confirm this exact refund, or **no** to cancel. The quote is held for ${minutesLeft} more minute${minutesLeft === 1 ? "" : "s"}.`,
  ].join("\n");
}

function returnFeeLines(quote: Quote): string[] {
  const fees = describeReturnFees(quote);
  return fees.length > 0 ? ["", ...fees] : [];
}
