import { KNOWN_SENTENCE_CATALOGS } from "./catalogs/known-sentences";
import { formatBasisPoints, formatMoney } from "./money";
import { POLICY_SECTION_IDS } from "./policy-rules";
import type { Quote } from "./quote";

/*
 * Wording that customers read in more than one place (chat replies, emails, code-built quote
 * messages), kept here so that every channel says the same thing in the same words.
 */

/** The one timeline a customer is ever given, and only once the provider says a refund was paid. */
export const REFUND_TIMELINE_PHRASE =
  "It usually appears on your statement within 5–10 business days.";

/* Fixed sentences about refunds that claim nothing, in English (every language: catalogs/known-sentences.ts). */
const ENGLISH = KNOWN_SENTENCE_CATALOGS.en;
export const POLICY_INTRO = ENGLISH.policy_intro;
export const DISPUTE_NOT_OPENED = ENGLISH.dispute_not_opened;
export const AUTHORITY_SENTENCE = ENGLISH.authority;
/** The same answer in other words, for a second authority claim: a reply is never sent twice. */
export const AUTHORITY_AGAIN_SENTENCE = ENGLISH.authority_again;
/**
 * What a charge reference looks like and where to find one, after a reference was not found: a
 * description of the form, never an example that could be mistaken for the customer's own input.
 */
export const CHARGE_REFERENCE_HELP =
  "Our charge references start with \"CH-\" followed by digits, and you'll find yours next to the payment on your card statement or in your order receipt. Please send it to me exactly as it appears there; if you can't find it, ask to talk to a person and someone from our team will help you.";
export const HELP_SENTENCE = ENGLISH.help;
export const KNOWN_SENTENCES: readonly string[] = Object.values(ENGLISH);

/** The next step after a refund failed at the payment provider, the same in chat and email. */
export const REFUND_FAILED_NEXT_STEP =
  "Nothing is lost: a member of our team has been told and will contact you to send the refund another way. You don't need to do anything until then.";

/** Why a payment provider failed or held a refund, in the customer's words; null for a code we do not know. */
const PROVIDER_REASON_WORDS: Record<string, string> = {
  lost_or_stolen_card: "the card was reported lost or stolen",
  expired_or_canceled_card: "the card has expired or been canceled",
  insufficient_funds: "our payment account could not cover it at the time",
  declined: "the card's bank declined it",
  merchant_request: "it was stopped on our side",
  charge_for_pending_refund_disputed: "the payment is under a dispute with the card's bank",
  charge_pending: "the original payment has not settled yet",
};

export function describeProviderReason(reason: string | null): string | null {
  return reason !== null && Object.hasOwn(PROVIDER_REASON_WORDS, reason)
    ? (PROVIDER_REASON_WORDS[reason] ?? null)
    : null;
}

/** "Gift card is a final-sale item and cannot be refunded. (policy §3)" per refused line. */
export function describeRefusedLines(
  refused: readonly { message: string; sectionId: string }[],
): string[] {
  return [...new Map(refused.map((reason) => [reason.message, reason])).values()].map(
    (reason) => `${reason.message} (policy ${reason.sectionId})`,
  );
}

/** "A return fee of 10% ($3.50) is deducted for Cast-iron skillet (policy §5)." per fee. */
export function describeReturnFees(quote: Pick<Quote, "lines" | "currency">): string[] {
  return quote.lines
    .filter((line) => line.feeCents > 0)
    .map(
      (line) =>
        `A return fee of ${formatBasisPoints(line.feeRateBasisPoints)} (${formatMoney(line.feeCents, quote.currency)}) is deducted for ${line.name} (policy ${POLICY_SECTION_IDS.fees}).`,
    );
}
