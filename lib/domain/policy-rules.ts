import type { OrderLineFacts } from "./order-facts";
import { categoryTerms, type PolicyDocument } from "./policy-document";
import { REFUND_REASONS, type RefundReason } from "./policy-reasons";

export {
  POLICY_SECTION_IDS,
  type PolicySectionId,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  type RefundReason,
  refundReasonSchema,
} from "./policy-reasons";

/**
 * A reason that puts the fault on the merchant (under v1: damaged, wrong item, not as described).
 * Such a reason moves money only on certain words and, above its own limit, a person.
 */
export function blamesMerchant(document: PolicyDocument, reason: RefundReason): boolean {
  return document.reasons[reason].merchantFault;
}

/** A reason whose first refund on an order also pays back the shipping (v1: damaged, wrong item). */
export function refundsShipping(document: PolicyDocument, reason: RefundReason): boolean {
  return document.reasons[reason].refundsShipping;
}

export function isFinalSale(
  document: PolicyDocument,
  line: Pick<OrderLineFacts, "category" | "finalSale">,
): boolean {
  return line.finalSale || (categoryTerms(document, line.category)?.finalSale ?? false);
}

export function windowDaysFor(
  document: PolicyDocument,
  line: Pick<OrderLineFacts, "category">,
): number {
  return categoryTerms(document, line.category)?.windowDays ?? document.defaultWindowDays;
}

/** The category's own window when it differs from the default: "for electronics" in a refusal. */
export function windowScopeLabel(
  document: PolicyDocument,
  line: Pick<OrderLineFacts, "category">,
): string | null {
  const terms = categoryTerms(document, line.category);
  return terms?.windowDays == null ? null : terms.label;
}

/**
 * The return fee for one line. A merchant-fault reason keeps its own rate; any other reason keeps
 * the customer-reason rate, or the category's opened-item rate for an opened item.
 */
export function feeRateFor(
  document: PolicyDocument,
  reason: RefundReason,
  line: Pick<OrderLineFacts, "category" | "opened">,
): number {
  const terms = document.reasons[reason];
  if (terms.merchantFault) return terms.feeRateBasisPoints;
  const opened = line.opened
    ? categoryTerms(document, line.category)?.openedFeeRateBasisPoints
    : null;
  return opened ?? terms.feeRateBasisPoints;
}

/** The fee if the customer's reason is one of theirs (not the merchant's fault). */
export function customerReasonFeeRate(
  document: PolicyDocument,
  line: Pick<OrderLineFacts, "category" | "opened">,
): number {
  const reason = REFUND_REASONS.find((candidate) => !document.reasons[candidate].merchantFault);
  return reason === undefined ? 0 : feeRateFor(document, reason, line);
}
