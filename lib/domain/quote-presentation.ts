import { QUOTE_CATALOGS } from "./catalogs/quote";
import { describeReturnFees } from "./customer-phrases";
import { translator } from "./i18n";
import type { Language } from "./languages";
import { type Quote, refundReasonLabel, renderQuoteMarkdown } from "./quote";

/*
 * The one message that shows a customer a quote. Built by code from the stored quote, never by
 * the model, so what the customer confirms is exactly the action and hash it records. The chat
 * card draws the same notices (`describeQuoteNotices`), so the card and the message staff see as
 * "what the customer saw" say the same things in the same words, in the customer's language.
 */

export type QuoteNoticeInput = {
  quote: Quote;
  /** Requested lines the policy left out, each with its reason and policy section. */
  refused: readonly string[];
  /** False when the reason is the agent's reading, not the customer's words. */
  reasonStatedByCustomer: boolean;
  /** The conversation's rendering language (English when absent). */
  language?: Language;
};

/** What a quote's table alone does not say: what was left out, each fee and an assumed reason. */
export type QuoteNotices = {
  refusedLines: string[];
  feeLines: string[];
  /** The reason's label when the customer never gave one and the quote assumes it. */
  assumedReason: string | null;
};

const ENGLISH = QUOTE_CATALOGS.en;
export const ASSUMED_REASON_LEAD = ENGLISH.assumed_reason_lead;
export const ASSUMED_REASON_TAIL = ENGLISH.assumed_reason_tail;
export const REFUSED_LINES_HEADING = ENGLISH.not_included;

/** The fixed words around the notices, for a card that draws them in the customer's language. */
export function quoteNoticeWords(language: Language): {
  refusedLinesHeading: string;
  assumedReasonLead: string;
  assumedReasonTail: string;
} {
  const t = translator(QUOTE_CATALOGS, language);
  return {
    refusedLinesHeading: t("not_included"),
    assumedReasonLead: t("assumed_reason_lead"),
    assumedReasonTail: t("assumed_reason_tail"),
  };
}

export function describeQuoteNotices(input: QuoteNoticeInput): QuoteNotices {
  const language = input.language ?? "en";
  return {
    refusedLines: [...input.refused],
    feeLines: describeReturnFees(input.quote, language),
    assumedReason: input.reasonStatedByCustomer
      ? null
      : refundReasonLabel(input.quote.reason, language),
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
  const language = input.language ?? "en";
  const t = translator(QUOTE_CATALOGS, language);
  const notices = describeQuoteNotices(input);
  const minutesLeft = Math.max(
    1,
    Math.ceil((input.holdEndsAt.getTime() - input.now.getTime()) / MINUTE_MS),
  );
  return [
    t("intro", { again: input.again ? "yes" : "no", orderNumber: quote.orderNumber }),
    "",
    renderQuoteMarkdown(quote, language),
    ...paragraph(notices.feeLines),
    ...(notices.refusedLines.length > 0
      ? ["", t("not_included"), ...notices.refusedLines.map((line) => `- ${line}`)]
      : []),
    ...(notices.assumedReason === null
      ? []
      : [
          "",
          `${t("assumed_reason_lead")} **${notices.assumedReason}**. ${t("assumed_reason_tail")}`,
        ]),
    "",
    t("confirm", { minutes: minutesLeft }),
  ].join("\n");
}

function paragraph(lines: readonly string[]): string[] {
  return lines.length > 0 ? ["", ...lines] : [];
}

export const FRESH_QUOTE_INVITATION = ENGLISH.fresh_quote_invitation;

/** What the customer reads when their "yes" reached a quote the order no longer matches. */
export function describeOutdatedQuote(
  quote: Quote,
  reasons: readonly string[],
  language: Language = "en",
): string {
  const t = translator(QUOTE_CATALOGS, language);
  return [
    t("outdated", { orderNumber: quote.orderNumber }),
    ...reasons.map((reason) => `- ${reason}`),
    "",
    t("fresh_quote_invitation"),
  ].join("\n");
}
