import fc from "fast-check";
import type { OrderFacts, OrderLineFacts } from "@/lib/domain/order-facts";
import {
  type CategoryTerms,
  MAX_QUOTE_HOLD_MINUTES,
  MAX_WINDOW_DAYS,
  type PolicyDocument,
  type ReasonTerms,
} from "@/lib/domain/policy-document";
import { REFUND_REASONS, type RefundReason } from "@/lib/domain/policy-reasons";

/*
 * fast-check arbitraries shared by the refund engine's property tests: orders as the engine sees
 * them, and valid refund policy documents built by construction (never by filtering), so every
 * rule of policyDocumentSchema holds for each one.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Categories orders use; a document names some of them, and "garden" never. */
export const ARBITRARY_CATEGORIES = [
  "home",
  "apparel",
  "electronics",
  "gift_card",
  "kitchen",
  "garden",
] as const;
const DOCUMENT_CATEGORIES = ARBITRARY_CATEGORIES.filter((name) => name !== "garden");

export type OrderArbitraryOptions = {
  now: Date;
  /** The most days ago an order was delivered; long windows need old orders to be tested. */
  maxDeliveredDaysAgo?: number;
  categories?: readonly string[];
};

export const orderLineArbitrary = (
  index: number,
  categories: readonly string[] = ARBITRARY_CATEGORIES,
): fc.Arbitrary<OrderLineFacts> =>
  fc
    .record({
      name: fc.constantFrom(
        "Rain jacket",
        "Wool socks",
        "Wireless earbuds",
        "Gift card",
        "Desk lamp",
      ),
      category: fc.constantFrom(...categories),
      quantity: fc.integer({ min: 1, max: 5 }),
      unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
      finalSale: fc.boolean(),
      opened: fc.boolean(),
      refundedFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ refundedFraction, ...line }) => ({
      ...line,
      lineId: `L${index}`,
      refundedQuantity: Math.floor(refundedFraction * line.quantity),
    }));

export function orderArbitrary({
  now,
  maxDeliveredDaysAgo = 60,
  categories,
}: OrderArbitraryOptions): fc.Arbitrary<OrderFacts> {
  return fc
    .record({
      lineCount: fc.integer({ min: 1, max: 5 }),
      deliveredDaysAgo: fc.option(fc.integer({ min: 0, max: maxDeliveredDaysAgo }), { freq: 8 }),
      shippingCents: fc.integer({ min: 0, max: 2_000 }),
      shippingAlreadyRefunded: fc.boolean(),
    })
    .chain(({ lineCount, deliveredDaysAgo, ...rest }) =>
      fc
        .tuple(
          ...Array.from({ length: lineCount }, (_, index) => orderLineArbitrary(index, categories)),
        )
        .map((lines) => ({
          orderId: "ord_1",
          orderNumber: "Z9999",
          customerId: "cus_1",
          currency: "USD",
          deliveredAt:
            deliveredDaysAgo === null ? null : new Date(now.getTime() - deliveredDaysAgo * DAY_MS),
          paymentMethodLabel: "Visa •0001",
          lines,
          ...rest,
        })),
    );
}

const windowDaysArb = fc.integer({ min: 1, max: MAX_WINDOW_DAYS });
const feeRateArb = fc.oneof(
  fc.constantFrom(0, 1000, 1500, 10_000),
  fc.integer({ min: 0, max: 10_000 }),
);

/**
 * The reasons' terms: any subset blames the merchant (each with its own fee and shipping); the
 * customer's own reasons share one fee and never refund shipping.
 */
const reasonsArb: fc.Arbitrary<Record<RefundReason, ReasonTerms>> = fc
  .record({
    customerFee: feeRateArb,
    merchant: fc.tuple(
      ...REFUND_REASONS.map(() =>
        fc.record({
          merchantFault: fc.boolean(),
          feeRateBasisPoints: feeRateArb,
          refundsShipping: fc.boolean(),
        }),
      ),
    ),
  })
  .map(({ customerFee, merchant }) => {
    const entries = REFUND_REASONS.map((reason, index): [RefundReason, ReasonTerms] => {
      const terms = merchant[index] as ReasonTerms;
      return [
        reason,
        terms.merchantFault
          ? terms
          : { merchantFault: false, feeRateBasisPoints: customerFee, refundsShipping: false },
      ];
    });
    return Object.fromEntries(entries) as Record<RefundReason, ReasonTerms>;
  });

/** A category row; a final-sale one has neither its own window nor an opened fee. */
const categoryArb = (name: string): fc.Arbitrary<CategoryTerms> =>
  fc.oneof(
    fc.constant({
      name,
      label: name.replaceAll("_", " "),
      windowDays: null,
      openedFeeRateBasisPoints: null,
      finalSale: true,
    }),
    fc
      .record({
        windowDays: fc.option(windowDaysArb),
        openedFeeRateBasisPoints: fc.option(feeRateArb),
      })
      .map((terms) => ({ name, label: name.replaceAll("_", " "), ...terms, finalSale: false })),
  );

export const policyDocumentArbitrary: fc.Arbitrary<PolicyDocument> = fc.record({
  defaultWindowDays: windowDaysArb,
  reasons: reasonsArb,
  categories: fc
    .uniqueArray(fc.constantFrom(...DOCUMENT_CATEGORIES), { maxLength: DOCUMENT_CATEGORIES.length })
    .chain((names) => fc.tuple(...names.map(categoryArb))),
  approval: fc.record({
    autoApproveLimitCents: fc.integer({ min: 0, max: 50_000 }),
    merchantFaultAutoApproveLimitCents: fc.integer({ min: 0, max: 50_000 }),
    alwaysApproveChannels: fc.constantFrom<PolicyDocument["approval"]["alwaysApproveChannels"]>(
      ["email"],
      ["email", "chat"],
      ["chat", "email"],
    ),
    alwaysApproveReasons: fc.subarray([...REFUND_REASONS]),
  }),
  quoteHoldMinutes: fc.integer({ min: 1, max: MAX_QUOTE_HOLD_MINUTES }),
});
