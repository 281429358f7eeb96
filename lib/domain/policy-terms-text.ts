import { formatBasisPoints, formatMoney } from "./money";
import type { CategoryTerms, PolicyDocument } from "./policy-document";
import { POLICY_SECTION_IDS, REFUND_REASONS, type RefundReason } from "./policy-reasons";

/*
 * The sentences of the customer-facing policy that depend on a document's terms. Reasons are
 * worded as what happened to the item, so any grouping of them reads as English.
 */

const REASON_PREDICATES: Readonly<Record<RefundReason, { subject: boolean; text: string }>> = {
  damaged: { subject: true, text: "arrived damaged" },
  wrong_item: { subject: false, text: "we sent the wrong item" },
  not_as_described: { subject: true, text: "is not as described" },
  too_small: { subject: true, text: "is too small" },
  too_large: { subject: true, text: "is too large" },
  no_longer_needed: { subject: false, text: "you no longer need it" },
};

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a", "a or b", "a, b, or c". */
function joinWords(words: readonly string[], conjunction: "and" | "or"): string {
  if (words.length <= 2) return words.join(` ${conjunction} `);
  return `${words.slice(0, -1).join(", ")}, ${conjunction} ${words.at(-1)}`;
}

/** "an item arrived damaged or we sent the wrong item". */
export function reasonClauses(reasons: readonly RefundReason[]): string {
  return joinWords(
    reasons.map((reason, index) => {
      const { subject, text } = REASON_PREDICATES[reason];
      if (!subject) return text;
      return `${index === 0 ? "an item" : "it"} ${text}`;
    }),
    "or",
  );
}

export type ReasonGroup = {
  reasons: RefundReason[];
  feeRateBasisPoints: number;
  refundsShipping: boolean;
};

/** Merchant-fault reasons that pay alike, in the order reasons are listed; fees alone if asked. */
export function merchantFaultGroups(document: PolicyDocument, byFeeOnly = false): ReasonGroup[] {
  const groups: ReasonGroup[] = [];
  for (const reason of REFUND_REASONS) {
    const terms = document.reasons[reason];
    if (!terms.merchantFault) continue;
    const group = groups.find(
      (candidate) =>
        candidate.feeRateBasisPoints === terms.feeRateBasisPoints &&
        (byFeeOnly || candidate.refundsShipping === terms.refundsShipping),
    );
    if (group) group.reasons.push(reason);
    else groups.push({ ...terms, reasons: [reason] });
  }
  return groups;
}

export function customerReasons(document: PolicyDocument): RefundReason[] {
  return REFUND_REASONS.filter((reason) => !document.reasons[reason].merchantFault);
}

export function ownWindows(document: PolicyDocument): (CategoryTerms & { windowDays: number })[] {
  return document.categories.filter(
    (category): category is CategoryTerms & { windowDays: number } =>
      !category.finalSale && category.windowDays !== null,
  );
}

export function openedFees(
  document: PolicyDocument,
): (CategoryTerms & { openedFeeRateBasisPoints: number })[] {
  return document.categories.filter(
    (category): category is CategoryTerms & { openedFeeRateBasisPoints: number } =>
      !category.finalSale && category.openedFeeRateBasisPoints !== null,
  );
}

function payoutWords(group: ReasonGroup): string {
  const price =
    group.feeRateBasisPoints === 0
      ? "its full price"
      : `its price less a ${formatBasisPoints(group.feeRateBasisPoints)} fee`;
  const shipping = group.refundsShipping
    ? ` and the shipping you paid (${POLICY_SECTION_IDS.shipping})`
    : "";
  return `you get ${price} back${shipping}`;
}

function payouts(document: PolicyDocument): string {
  const clauses = merchantFaultGroups(document).map(
    (group) => `if ${reasonClauses(group.reasons)}, ${payoutWords(group)}`,
  );
  const others = customerReasons(document);
  if (others.length > 0) {
    const fee = document.reasons[others[0] as RefundReason].feeRateBasisPoints;
    const scope = clauses.length === 0 ? "for every reason" : "for other reasons";
    clauses.push(
      fee > 0 || openedFees(document).length > 0
        ? `${scope} a return fee applies (${POLICY_SECTION_IDS.fees})`
        : `${scope} you get its full price back`,
    );
  }
  return `${capitalise(clauses.join("; "))}.`;
}

function fees(document: PolicyDocument): string {
  const sentences = merchantFaultGroups(document, true).map((group) =>
    group.feeRateBasisPoints === 0
      ? `If ${reasonClauses(group.reasons)}, you get its full price back.`
      : `If ${reasonClauses(group.reasons)}, we deduct a return fee of ${formatBasisPoints(group.feeRateBasisPoints)} of the item's price.`,
  );
  const others = customerReasons(document);
  if (others.length > 0) {
    const fee = document.reasons[others[0] as RefundReason].feeRateBasisPoints;
    const base =
      fee === 0
        ? `If ${reasonClauses(others)}, you get its full price back`
        : `If ${reasonClauses(others)}, we deduct a return fee of ${formatBasisPoints(fee)} of the item's price`;
    const opened = openedFees(document).map(
      (category) =>
        `; for ${category.label} that have been opened the fee is ${formatBasisPoints(category.openedFeeRateBasisPoints)}`,
    );
    sentences.push(`${base}${opened.join("")}.`);
  }
  return sentences.join(" ");
}

function shipping(document: PolicyDocument): string {
  const paying = REFUND_REASONS.filter((reason) => document.reasons[reason].refundsShipping);
  if (paying.length === 0) return "Shipping is not refunded.";
  return `If ${reasonClauses(paying)}, we also refund the shipping you paid for that order. Shipping is refunded once per order, with the first such refund. For any other reason, shipping is not refunded.`;
}

function alwaysReviewed(document: PolicyDocument): string {
  const { approval } = document;
  const channels = approval.alwaysApproveChannels.includes("chat") ? "chat or email" : "email";
  const sentences = [
    ` Requests made by ${channels} are always reviewed by our team, whatever the amount.`,
  ];
  const merchantFault = REFUND_REASONS.filter((reason) => document.reasons[reason].merchantFault);
  const alwaysMerchantFault = approval.merchantFaultAutoApproveLimitCents === 0;
  const always = REFUND_REASONS.filter(
    (reason) =>
      approval.alwaysApproveReasons.includes(reason) ||
      (alwaysMerchantFault && merchantFault.includes(reason)),
  );
  if (always.length > 0) {
    sentences.push(` A refund because ${reasonClauses(always)} is always reviewed by our team.`);
  }
  const limited = merchantFault.filter((reason) => !always.includes(reason));
  if (
    limited.length > 0 &&
    approval.merchantFaultAutoApproveLimitCents < approval.autoApproveLimitCents
  ) {
    sentences.push(
      ` A refund because ${reasonClauses(limited)} is reviewed by our team when it is above ${formatMoney(approval.merchantFaultAutoApproveLimitCents)}.`,
    );
  }
  return sentences.join("");
}

export type PolicyTermsText = {
  /** "electronics within 15 days", or "" when every category keeps the default window. */
  windowExceptions: string;
  /** " Electronics have a shorter window of 15 days.", one sentence per category, each led by a space. */
  windowSentences: string;
  /** "day 15 for electronics". */
  lastDayExceptions: string;
  /** "gift cards and final-sale items". */
  finalSaleItems: string;
  /** "gift cards and items marked final sale". */
  neverRefunded: string;
  payouts: string;
  fees: string;
  shipping: string;
  /** Who always reviews what, each sentence led by a space. */
  alwaysReviewed: string;
};

export function policyTerms(document: PolicyDocument): PolicyTermsText {
  const windows = ownWindows(document);
  const finalSale = document.categories
    .filter((category) => category.finalSale)
    .map((category) => category.label);
  return {
    windowExceptions: joinWords(
      windows.map((category) => `${category.label} within ${category.windowDays} days`),
      "and",
    ),
    windowSentences: windows
      .map((category) => {
        const length =
          category.windowDays === document.defaultWindowDays
            ? ""
            : category.windowDays < document.defaultWindowDays
              ? "shorter "
              : "longer ";
        return ` ${capitalise(category.label)} have a ${length}window of ${category.windowDays} days.`;
      })
      .join(""),
    lastDayExceptions: joinWords(
      windows.map((category) => `day ${category.windowDays} for ${category.label}`),
      "and",
    ),
    finalSaleItems: joinWords([...finalSale, "final-sale items"], "and"),
    neverRefunded: joinWords([...finalSale, "items marked final sale"], "and"),
    payouts: payouts(document),
    fees: fees(document),
    shipping: shipping(document),
    alwaysReviewed: alwaysReviewed(document),
  };
}
