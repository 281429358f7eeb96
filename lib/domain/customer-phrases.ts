import { STATEMENT_CATALOGS, type StatementKey } from "./catalogs/statements";
import { describeDenyReason, type RefusalReason, refusalReasonsIn } from "./deny-reason-text";
import { translator } from "./i18n";
import { formatMoneyIn, type Language } from "./languages";
import { formatPercentIn } from "./locale-format";
import { POLICY_SECTION_IDS } from "./policy-rules";
import type { Quote } from "./quote";

/*
 * Wording that customers read in more than one place (chat replies, emails, code-built quote
 * messages), kept here so that every channel says the same thing in the same words, in the
 * customer's language (catalogs/statements.ts).
 */

const english = translator(STATEMENT_CATALOGS, "en");

/** The one timeline a customer is ever given, and only once the provider says a refund was paid. */
export const REFUND_TIMELINE_PHRASE = english("refund_timeline");

/** The next step after a refund failed at the payment provider, the same in chat and email. */
export const REFUND_FAILED_NEXT_STEP = english("refund_failed_next_step");

/** Provider reason codes whose words the customer may read; any other code says nothing. */
const PROVIDER_REASON_KEYS: Readonly<Record<string, StatementKey>> = {
  lost_or_stolen_card: "provider_lost_or_stolen_card",
  expired_or_canceled_card: "provider_expired_or_canceled_card",
  insufficient_funds: "provider_insufficient_funds",
  declined: "provider_declined",
  merchant_request: "provider_merchant_request",
  charge_for_pending_refund_disputed: "provider_charge_for_pending_refund_disputed",
  charge_pending: "provider_charge_pending",
};

/** Why a payment provider failed or held a refund, in the customer's words; null for a code we do not know. */
export function describeProviderReason(
  reason: string | null,
  language: Language = "en",
): string | null {
  if (reason === null || !Object.hasOwn(PROVIDER_REASON_KEYS, reason)) return null;
  const key = PROVIDER_REASON_KEYS[reason];
  return key === undefined ? null : translator(STATEMENT_CATALOGS, language)(key);
}

/**
 * "Gift card is a final-sale item and cannot be refunded. (policy §3)" per refused line, in the
 * customer's language (deny-reason-text.ts).
 */
export function describeRefusedLines(
  refused: readonly RefusalReason[],
  language: Language = "en",
): string[] {
  const t = translator(STATEMENT_CATALOGS, language);
  return [...new Map(refused.map((reason) => [reason.message, reason])).values()].map((reason) =>
    t("refused_line", {
      reason: describeDenyReason(reason, language),
      sectionId: reason.sectionId,
    }),
  );
}

/**
 * A stored quote's refused lines in `language`: said again from the refusals the row kept, or,
 * for a row made before it kept them, its lines as stored (English).
 */
export function storedRefusedLines(
  stored: { refusedLines: readonly string[]; refusedReasons: unknown },
  language: Language,
): string[] {
  const reasons = refusalReasonsIn(stored.refusedReasons);
  return reasons.length > 0 ? describeRefusedLines(reasons, language) : [...stored.refusedLines];
}

/** "A return fee of 10% ($3.50) is deducted for Cast-iron skillet (policy §5)." per fee. */
export function describeReturnFees(
  quote: Pick<Quote, "lines" | "currency">,
  language: Language = "en",
): string[] {
  const t = translator(STATEMENT_CATALOGS, language);
  return quote.lines
    .filter((line) => line.feeCents > 0)
    .map((line) =>
      t("return_fee", {
        rate: formatPercentIn(language, line.feeRateBasisPoints),
        fee: formatMoneyIn(language, line.feeCents, quote.currency),
        item: line.name,
        sectionId: POLICY_SECTION_IDS.fees,
      }),
    );
}
