import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderArbitrary, policyDocumentArbitrary } from "@/tests/support/refund-arbitraries";
import { type EvaluateRefundInput, evaluateRefund, type RefundDecision } from "./evaluate-refund";
import { feeHalfUp } from "./money";
import type { OrderFacts, OrderLineFacts } from "./order-facts";
import {
  categoryTerms,
  type PolicyDocument,
  policyDocumentSchema,
  type RefundPolicy,
} from "./policy-document";
import { REFUND_REASONS, type RefundReason } from "./policy-reasons";

/*
 * The engine under any valid policy document, not just v1: whatever terms a merchant publishes,
 * a refund stays within what was paid, fees are rates the document names, final sale stays
 * unrefunded, windows are inclusive, shipping comes back once, and the gates are never looser
 * than the document's limits and always-approve lists.
 */

const NOW = new Date("2026-11-20T12:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;

const policyArb: fc.Arbitrary<RefundPolicy> = fc
  .record({ number: fc.integer({ min: 1, max: 999 }), document: policyDocumentArbitrary })
  .map(({ number, document }) => ({ version: `refund-policy/v${number}`, document }));

const inputArb: fc.Arbitrary<EvaluateRefundInput> = fc
  .tuple(policyArb, orderArbitrary({ now: NOW, maxDeliveredDaysAgo: 450 }))
  .chain(([policy, order]) =>
    fc.record({
      order: fc.constant(order),
      selectedLineIds: fc.subarray([...order.lines.map((line) => line.lineId), "ghost"]),
      reason: fc.constantFrom(...REFUND_REASONS),
      channel: fc.constantFrom("chat" as const, "email" as const),
      now: fc.constant(NOW),
      policy: fc.constant(policy),
    }),
  );

const RUNS = { numRuns: 1_000 };

function lineOf(order: OrderFacts, lineId: string): OrderLineFacts {
  const line = order.lines.find((candidate) => candidate.lineId === lineId);
  if (!line) throw new Error(`quoted a line the order does not have: ${lineId}`);
  return line;
}

function finalSale(document: PolicyDocument, line: OrderLineFacts): boolean {
  return line.finalSale || categoryTerms(document, line.category)?.finalSale === true;
}

/** The fee rates the document names for this reason, category and opened state. */
function namedFeeRates(
  document: PolicyDocument,
  reason: RefundReason,
  line: OrderLineFacts,
): number[] {
  const terms = document.reasons[reason];
  if (terms.merchantFault) return [terms.feeRateBasisPoints];
  const opened = categoryTerms(document, line.category)?.openedFeeRateBasisPoints ?? null;
  return line.opened && opened !== null ? [opened] : [terms.feeRateBasisPoints];
}

function quoted(decision: RefundDecision) {
  return decision.kind === "quote" ? decision : undefined;
}

function deliveredDaysAgo(order: OrderFacts, days: number): OrderFacts {
  return { ...order, deliveredAt: new Date(NOW.getTime() - days * DAY_MS) };
}

describe("the policy document arbitrary", () => {
  it("makes only documents policyDocumentSchema accepts, unchanged", () => {
    fc.assert(
      fc.property(policyDocumentArbitrary, (document) => {
        const parsed = policyDocumentSchema.safeParse(document);
        expect(parsed.error?.issues ?? []).toEqual([]);
        expect(parsed.data).toEqual(document);
      }),
      RUNS,
    );
  });
});

describe("evaluateRefund under any valid policy document", () => {
  it("never refunds more than was paid for the quoted lines, plus shipping at most once", () => {
    fc.assert(
      fc.property(inputArb, ({ order, ...rest }) => {
        const decision = quoted(evaluateRefund({ order, ...rest }));
        if (!decision) return;
        const { quote } = decision;
        let paid = 0;
        for (const quoteLine of quote.lines) {
          const line = lineOf(order, quoteLine.lineId);
          expect(quoteLine.quantity).toBe(line.quantity - line.refundedQuantity);
          expect(quoteLine.subtotalCents).toBe(quoteLine.quantity * line.unitPriceCents);
          paid += quoteLine.subtotalCents;
        }
        expect(quote.subtotalCents).toBe(paid);
        expect([0, order.shippingCents]).toContain(quote.shippingRefundCents);
        expect(quote.netRefundCents).toBeGreaterThan(0);
        expect(quote.netRefundCents).toBeLessThanOrEqual(paid + quote.shippingRefundCents);
        expect(quote.netRefundCents).toBe(paid - quote.feeCents + quote.shippingRefundCents);
      }),
      RUNS,
    );
  });

  it("keeps each line's fee at a rate the document names for its reason, category and state", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = quoted(evaluateRefund(input));
        if (!decision) return;
        for (const quoteLine of decision.quote.lines) {
          const line = lineOf(input.order, quoteLine.lineId);
          expect(namedFeeRates(input.policy.document, input.reason, line)).toContain(
            quoteLine.feeRateBasisPoints,
          );
          expect(quoteLine.feeCents).toBe(
            feeHalfUp(quoteLine.subtotalCents, quoteLine.feeRateBasisPoints),
          );
          expect(quoteLine.feeCents).toBeLessThanOrEqual(quoteLine.subtotalCents);
        }
      }),
      RUNS,
    );
  });

  it("never quotes a final-sale line, and names each one selected as refused for it", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = evaluateRefund(input);
        const { document } = input.policy;
        const reasons = decision.kind === "quote" ? decision.refused : decision.reasons;
        for (const lineId of new Set(input.selectedLineIds)) {
          const line = input.order.lines.find((candidate) => candidate.lineId === lineId);
          if (!line || !finalSale(document, line)) continue;
          expect(quoted(decision)?.quote.lines.map((one) => one.lineId) ?? []).not.toContain(
            lineId,
          );
          expect(reasons).toContainEqual(
            expect.objectContaining({ lineId, code: "FINAL_SALE", sectionId: "§3" }),
          );
        }
      }),
      RUNS,
    );
  });

  it("quotes no line delivered longer ago than its window", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = quoted(evaluateRefund(input));
        const { deliveredAt } = input.order;
        if (!decision || deliveredAt === null) return;
        const days = Math.floor((NOW.getTime() - deliveredAt.getTime()) / DAY_MS);
        for (const quoteLine of decision.quote.lines) {
          const line = lineOf(input.order, quoteLine.lineId);
          const window =
            categoryTerms(input.policy.document, line.category)?.windowDays ??
            input.policy.document.defaultWindowDays;
          expect(days).toBeLessThanOrEqual(window);
        }
      }),
      RUNS,
    );
  });

  it("honours each window inclusively: day N is inside, day N + 1 outside", () => {
    const lineWindowArb = fc
      .tuple(policyArb, orderArbitrary({ now: NOW }))
      .chain(([policy, order]) =>
        fc.record({
          policy: fc.constant(policy),
          order: fc.constant(order),
          lineId: fc.constantFrom(...order.lines.map((line) => line.lineId)),
          reason: fc.constantFrom(...REFUND_REASONS),
        }),
      );
    fc.assert(
      fc.property(lineWindowArb, ({ policy, order, lineId, reason }) => {
        const line = lineOf(order, lineId);
        const window =
          categoryTerms(policy.document, line.category)?.windowDays ??
          policy.document.defaultWindowDays;
        const outsideWindow = (days: number) => {
          const decision = evaluateRefund({
            order: deliveredDaysAgo(order, days),
            selectedLineIds: [lineId],
            reason,
            channel: "chat",
            now: NOW,
            policy,
          });
          const reasons = decision.kind === "quote" ? decision.refused : decision.reasons;
          return reasons.some((one) => one.lineId === lineId && one.code === "OUTSIDE_WINDOW");
        };
        expect(outsideWindow(window)).toBe(false);
        expect(outsideWindow(window + 1)).toBe(true);
      }),
      RUNS,
    );
  });

  it("refunds shipping only for a reason that pays it, and never once it has been refunded", () => {
    fc.assert(
      fc.property(inputArb, fc.boolean(), (input, alreadyRefunded) => {
        const order = { ...input.order, shippingAlreadyRefunded: alreadyRefunded };
        const decision = quoted(evaluateRefund({ ...input, order }));
        if (!decision) return;
        const pays = input.policy.document.reasons[input.reason].refundsShipping;
        expect(decision.quote.shippingRefundCents).toBe(
          pays && !alreadyRefunded ? order.shippingCents : 0,
        );
      }),
      RUNS,
    );
  });

  it("never sets gates looser than the document's limits and always-approve lists", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = quoted(evaluateRefund(input));
        if (!decision) return;
        const { approval, reasons } = input.policy.document;
        const net = decision.quote.netRefundCents;
        const needsPerson =
          net > approval.autoApproveLimitCents ||
          (reasons[input.reason].merchantFault &&
            net > approval.merchantFaultAutoApproveLimitCents) ||
          approval.alwaysApproveChannels.includes(input.channel) ||
          approval.alwaysApproveReasons.includes(input.reason);
        if (needsPerson) expect(decision.gates.staffApproval).toBe(true);
        if (input.channel === "email") {
          expect(decision.gates).toEqual({ customerConfirmation: false, staffApproval: true });
        } else {
          expect(decision.gates.customerConfirmation).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("names the document's version on every decision and quote", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = evaluateRefund(input);
        expect(decision.policyVersion).toBe(input.policy.version);
        if (decision.kind === "quote") {
          expect(decision.quote.policyVersion).toBe(input.policy.version);
        }
      }),
      RUNS,
    );
  });
});
