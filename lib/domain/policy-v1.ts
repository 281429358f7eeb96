import { policyDocumentSchema, type RefundPolicy } from "./policy-document";

/**
 * Refund policy v1, the policy every workspace starts with until it publishes its own: 30 days
 * (electronics 15), a 10% fee for the customer's own reasons (15% on opened electronics), full
 * price for merchant fault, shipping back for damage and wrong items, gift cards final sale.
 */
export const POLICY_V1: RefundPolicy = Object.freeze({
  version: "refund-policy/v1",
  document: policyDocumentSchema.parse({
    defaultWindowDays: 30,
    reasons: {
      damaged: { merchantFault: true, feeRateBasisPoints: 0, refundsShipping: true },
      wrong_item: { merchantFault: true, feeRateBasisPoints: 0, refundsShipping: true },
      not_as_described: { merchantFault: true, feeRateBasisPoints: 0, refundsShipping: false },
      too_small: { merchantFault: false, feeRateBasisPoints: 1000, refundsShipping: false },
      too_large: { merchantFault: false, feeRateBasisPoints: 1000, refundsShipping: false },
      no_longer_needed: { merchantFault: false, feeRateBasisPoints: 1000, refundsShipping: false },
    },
    categories: [
      {
        name: "electronics",
        label: "electronics",
        windowDays: 15,
        openedFeeRateBasisPoints: 1500,
        finalSale: false,
      },
      {
        name: "gift_card",
        label: "gift cards",
        windowDays: null,
        openedFeeRateBasisPoints: null,
        finalSale: true,
      },
    ],
    approval: {
      autoApproveLimitCents: 2500,
      merchantFaultAutoApproveLimitCents: 0,
      alwaysApproveChannels: ["email"],
      alwaysApproveReasons: [],
    },
    quoteHoldMinutes: 10,
  }),
});
