import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderArbitrary } from "@/tests/support/refund-arbitraries";
import { type EvaluateRefundInput, evaluateRefund } from "./evaluate-refund";
import { feeHalfUp } from "./money";
import type { OrderFacts } from "./order-facts";
import { blamesMerchant, REFUND_REASONS } from "./policy-rules";
import { POLICY_V1 } from "./policy-v1";
import { hashQuote, quoteSchema } from "./quote";

const NOW = new Date("2025-03-15T12:00:00.000Z");

const orderArb = orderArbitrary({ now: NOW });

const inputArb: fc.Arbitrary<EvaluateRefundInput> = orderArb.chain((order) =>
  fc.record({
    order: fc.constant(order),
    selectedLineIds: fc.subarray([...order.lines.map((line) => line.lineId), "ghost"]),
    reason: fc.constantFrom(...REFUND_REASONS),
    channel: fc.constantFrom("chat" as const, "email" as const),
    now: fc.constant(NOW),
    policy: fc
      .record({
        autoApproveLimitCents: fc.integer({ min: 0, max: 50_000 }),
        merchantFaultAutoApproveLimitCents: fc.integer({ min: 0, max: 50_000 }),
      })
      .map((limits) => ({
        ...POLICY_V1,
        document: {
          ...POLICY_V1.document,
          approval: { ...POLICY_V1.document.approval, ...limits },
        },
      })),
  }),
);

function paidMinusEarlierRefunds(order: OrderFacts): number {
  const items = order.lines.reduce(
    (total, line) => total + (line.quantity - line.refundedQuantity) * line.unitPriceCents,
    0,
  );
  return items + (order.shippingAlreadyRefunded ? 0 : order.shippingCents);
}

describe("evaluateRefund properties", () => {
  it("never refunds a negative amount or more than was paid minus earlier refunds", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = evaluateRefund(input);
        if (decision.kind === "deny") return;
        const { netRefundCents } = decision.quote;
        expect(Number.isSafeInteger(netRefundCents)).toBe(true);
        expect(netRefundCents).toBeGreaterThan(0);
        expect(netRefundCents).toBeLessThanOrEqual(paidMinusEarlierRefunds(input.order));
      }),
      { numRuns: 1_000 },
    );
  });

  it("keeps every fee within its rate and every quote arithmetically consistent", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = evaluateRefund(input);
        if (decision.kind === "deny") return;
        for (const line of decision.quote.lines) {
          expect(line.feeCents).toBeGreaterThanOrEqual(0);
          expect(line.feeCents).toBeLessThanOrEqual(line.subtotalCents);
          expect(line.feeCents).toBe(feeHalfUp(line.subtotalCents, line.feeRateBasisPoints));
          expect([0, 1000, 1500]).toContain(line.feeRateBasisPoints);
        }
        expect(quoteSchema.safeParse(decision.quote).success).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it("accounts for every selected line: quoted, or refused with a cited reason", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = evaluateRefund(input);
        const selected = new Set(input.selectedLineIds);
        const quoted = new Set(
          decision.kind === "quote" ? decision.quote.lines.map((line) => line.lineId) : [],
        );
        const reasons = decision.kind === "quote" ? decision.refused : decision.reasons;
        for (const reason of reasons) expect(reason.sectionId).toMatch(/^§\d$/);
        const refused = new Set(
          reasons.flatMap((reason) => (reason.lineId === undefined ? [] : [reason.lineId])),
        );
        const orderLevel = reasons.some((reason) => reason.lineId === undefined);
        for (const lineId of selected) {
          expect(quoted.has(lineId) !== (refused.has(lineId) || orderLevel)).toBe(true);
        }
        for (const lineId of quoted) expect(selected.has(lineId)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it("sets gates from the channel and the limit, and shipping only for our fault, once", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = evaluateRefund(input);
        if (decision.kind === "deny") return;
        const { quote, gates } = decision;
        if (input.channel === "email") {
          expect(gates).toEqual({ customerConfirmation: false, staffApproval: true });
        } else {
          expect(gates).toEqual({
            customerConfirmation: true,
            staffApproval:
              quote.netRefundCents > input.policy.document.approval.autoApproveLimitCents ||
              (blamesMerchant(POLICY_V1.document, input.reason) &&
                quote.netRefundCents >
                  input.policy.document.approval.merchantFaultAutoApproveLimitCents),
          });
        }
        const merchantFault = input.reason === "damaged" || input.reason === "wrong_item";
        const expectedShipping =
          merchantFault && !input.order.shippingAlreadyRefunded ? input.order.shippingCents : 0;
        expect(quote.shippingRefundCents).toBe(expectedShipping);
      }),
      { numRuns: 1_000 },
    );
  });

  it("is deterministic: the same request always gives the same quote hash", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const first = evaluateRefund(input);
        const second = evaluateRefund(structuredClone(input));
        expect(second).toEqual(first);
        if (first.kind === "quote" && second.kind === "quote") {
          expect(hashQuote(second.quote)).toBe(hashQuote(first.quote));
        }
      }),
      { numRuns: 300 },
    );
  });
});
