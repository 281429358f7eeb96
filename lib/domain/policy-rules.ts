import { z } from "zod";
import type { OrderLineFacts } from "./order-facts";

export const REFUND_REASONS = [
  "damaged",
  "wrong_item",
  "not_as_described",
  "too_small",
  "too_large",
  "no_longer_needed",
] as const;
export const refundReasonSchema = z.enum(REFUND_REASONS);
export type RefundReason = z.infer<typeof refundReasonSchema>;

/** Section ids as printed in the customer-facing policy (policy/refund-policy.md). */
export const POLICY_SECTION_IDS = {
  overview: "§1",
  window: "§2",
  exclusions: "§3",
  reasons: "§4",
  fees: "§5",
  shipping: "§6",
  approval: "§7",
  holds: "§8",
  disputes: "§9",
} as const;
export type PolicySectionId = (typeof POLICY_SECTION_IDS)[keyof typeof POLICY_SECTION_IDS];

/**
 * Refund policy v1 as data. Every number the engine uses lives here, and the policy text is
 * rendered from the same values, so the two cannot drift apart.
 */
export const REFUND_POLICY = {
  version: "refund-policy/v1",
  windowDays: { default: 30, electronics: 15 },
  feeRateBasisPoints: { customerReason: 1000, openedElectronics: 1500 },
  merchantFaultReasons: ["damaged", "wrong_item"],
  fullPriceReasons: ["damaged", "wrong_item", "not_as_described"],
  customerReasons: ["too_small", "too_large", "no_longer_needed"],
  finalSaleCategories: ["gift_card"],
  electronicsCategory: "electronics",
  sections: POLICY_SECTION_IDS,
} as const satisfies {
  version: string;
  windowDays: { default: number; electronics: number };
  feeRateBasisPoints: { customerReason: number; openedElectronics: number };
  merchantFaultReasons: readonly RefundReason[];
  fullPriceReasons: readonly RefundReason[];
  customerReasons: readonly RefundReason[];
  finalSaleCategories: readonly string[];
  electronicsCategory: string;
  sections: typeof POLICY_SECTION_IDS;
};

export const REFUND_REASON_LABELS: Readonly<Record<RefundReason, string>> = {
  damaged: "arrived damaged",
  wrong_item: "wrong item sent",
  not_as_described: "not as described",
  too_small: "too small",
  too_large: "too large",
  no_longer_needed: "no longer needed",
};

export function isMerchantFault(reason: RefundReason): boolean {
  return (REFUND_POLICY.merchantFaultReasons as readonly RefundReason[]).includes(reason);
}

/**
 * A reason that puts the fault on the merchant and so pays the full price (damaged, wrong item,
 * not as described). Such a reason moves money only on certain words and, by default, a person.
 */
export function blamesMerchant(reason: RefundReason): boolean {
  return (REFUND_POLICY.fullPriceReasons as readonly RefundReason[]).includes(reason);
}

export function isElectronics(line: Pick<OrderLineFacts, "category">): boolean {
  return line.category === REFUND_POLICY.electronicsCategory;
}

export function isFinalSale(line: Pick<OrderLineFacts, "category" | "finalSale">): boolean {
  return (
    line.finalSale ||
    (REFUND_POLICY.finalSaleCategories as readonly string[]).includes(line.category)
  );
}

export function windowDaysFor(line: Pick<OrderLineFacts, "category">): number {
  return isElectronics(line)
    ? REFUND_POLICY.windowDays.electronics
    : REFUND_POLICY.windowDays.default;
}

/** The return fee for one line: none when we are at fault or the item is not as described. */
export function feeRateFor(
  reason: RefundReason,
  line: Pick<OrderLineFacts, "category" | "opened">,
): number {
  if ((REFUND_POLICY.fullPriceReasons as readonly RefundReason[]).includes(reason)) {
    return 0;
  }
  return customerReasonFeeRate(line);
}

export function customerReasonFeeRate(line: Pick<OrderLineFacts, "category" | "opened">): number {
  return isElectronics(line) && line.opened
    ? REFUND_POLICY.feeRateBasisPoints.openedElectronics
    : REFUND_POLICY.feeRateBasisPoints.customerReason;
}
