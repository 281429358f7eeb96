import { describeReturnFees } from "./customer-phrases";
import { REFUND_REASON_LABELS } from "./policy-rules";
import { type Quote, renderQuoteMarkdown } from "./quote";

/*
 * The one message that shows a customer a quote. Built by code from the stored quote, never by
 * the model, so what the customer confirms is exactly the action and hash it records. The chat
 * card draws the same notices (`describeQuoteNotices`), so the card and the message staff see as
 * "what the customer saw" say the same things in the same words.
 */

export type QuoteNoticeInput = {
  quote: Quote;
  /** Requested lines the policy left out, each with its reason and policy section. */
  refused: readonly string[];
  /** False when the reason is the agent's reading, not the customer's words. */
  reasonStatedByCustomer: boolean;
};

/** What a quote's table alone does not say: what was left out, each fee and an assumed reason. */
export type QuoteNotices = {
  refusedLines: string[];
  feeLines: string[];
  /** The reason's label when the customer never gave one and the quote assumes it. */
  assumedReason: string | null;
};

export const ASSUMED_REASON_LEAD =
  "You haven't told us why you're returning it, so this quote assumes:";
export const ASSUMED_REASON_TAIL = "If that's not right, tell me the reason instead of confirming.";
export const REFUSED_LINES_HEADING = "Not included:";

export function describeQuoteNotices(input: QuoteNoticeInput): QuoteNotices {
  return {
    refusedLines: [...input.refused],
    feeLines: describeReturnFees(input.quote),
    assumedReason: input.reasonStatedByCustomer ? null : REFUND_REASON_LABELS[input.quote.reason],
  };
}

export type QuotePresentationInput = QuoteNoticeInput & {
  holdEndsAt: Date;
  now: Date;
  /** A quote shown again (after a pause, or after a "yes" that did not bind to it). */
  again: boolean;
};

const MINUTE_MS = 60_000;

export function renderQuotePresentation(input: QuotePresentationInput): string {
  const { quote } = input;
  const notices = describeQuoteNotices(input);
  const minutesLeft = Math.max(
    1,
    Math.ceil((input.holdEndsAt.getTime() - input.now.getTime()) / MINUTE_MS),
  );
  return [
    input.again
      ? `Here is your quote for order ${quote.orderNumber} again:`
      : `Here is the refund I can offer for order ${quote.orderNumber}:`,
    "",
    renderQuoteMarkdown(quote),
    ...paragraph(notices.feeLines),
    ...(notices.refusedLines.length > 0
      ? ["", REFUSED_LINES_HEADING, ...notices.refusedLines.map((line) => `- ${line}`)]
      : []),
    ...(notices.assumedReason === null
      ? []
      : ["", `${ASSUMED_REASON_LEAD} **${notices.assumedReason}**. ${ASSUMED_REASON_TAIL}`]),
    "",
    `Reply **yes** to confirm this exact refund, or **no** to cancel. The quote is held for ${minutesLeft} more minute${minutesLeft === 1 ? "" : "s"}.`,
  ].join("\n");
}

function paragraph(lines: readonly string[]): string[] {
  return lines.length > 0 ? ["", ...lines] : [];
}

export const FRESH_QUOTE_INVITATION =
  "Nothing was refunded on this quote. Ask for a fresh quote and I'll check what can still be refunded.";

/** What the customer reads when their "yes" reached a quote the order no longer matches. */
export function describeOutdatedQuote(quote: Quote, reasons: readonly string[]): string {
  return [
    `I couldn't accept that confirmation: the quote for order ${quote.orderNumber} is no longer valid.`,
    ...reasons.map((reason) => `- ${reason}`),
    "",
    FRESH_QUOTE_INVITATION,
  ].join("\n");
}
