import { z } from "zod";

/** The reasons a customer can give; fixed, because the message grammar reads them. */
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

export const REFUND_REASON_LABELS: Readonly<Record<RefundReason, string>> = {
  damaged: "arrived damaged",
  wrong_item: "wrong item sent",
  not_as_described: "not as described",
  too_small: "too small",
  too_large: "too large",
  no_longer_needed: "no longer needed",
};
