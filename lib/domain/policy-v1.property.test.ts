import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { orderArbitrary } from "@/tests/support/refund-arbitraries";
import { evaluateRefund } from "./evaluate-refund";
import { feeHalfUp } from "./money";
import type { Channel, OrderFacts, OrderLineFacts } from "./order-facts";
import type { RefundPolicy } from "./policy-document";
import { REFUND_REASONS, type RefundReason } from "./policy-reasons";
import { POLICY_V1 } from "./policy-v1";

/*
 * Refund policy v1 under the document engine gives exactly what the engine gave before policies
 * were documents. The oracle below is that engine's v1 written out by hand from its constants
 * (30 days, electronics 15; 10% fee, 15% opened electronics; full price for damaged, wrong item
 * and not as described; shipping back for damaged and wrong item, once; gift cards final sale;
 * email always to a person, chat above the limits), independent of the document and its rules.
 */

const NOW = new Date("2026-06-01T09:30:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const FULL_PRICE: readonly RefundReason[] = ["damaged", "wrong_item", "not_as_described"];
const SHIPPING_BACK: readonly RefundReason[] = ["damaged", "wrong_item"];

type Limits = { autoApproveLimitCents: number; merchantFaultAutoApproveLimitCents: number };

type OracleAnswer =
  | { kind: "deny" }
  | {
      kind: "quote";
      lines: { lineId: string; quantity: number; feeRateBasisPoints: number; feeCents: number }[];
      subtotalCents: number;
      feeCents: number;
      shippingRefundCents: number;
      netRefundCents: number;
      staffApproval: boolean;
    };

function refundableBeforeDocuments(line: OrderLineFacts, order: OrderFacts): boolean {
  if (order.deliveredAt === null) return false;
  if (line.finalSale || line.category === "gift_card") return false;
  if (line.refundedQuantity >= line.quantity) return false;
  const days = Math.max(0, Math.floor((NOW.getTime() - order.deliveredAt.getTime()) / DAY_MS));
  return days <= (line.category === "electronics" ? 15 : 30);
}

function feeRateBeforeDocuments(reason: RefundReason, line: OrderLineFacts): number {
  if (FULL_PRICE.includes(reason)) return 0;
  return line.category === "electronics" && line.opened ? 1500 : 1000;
}

function engineBeforeDocuments(
  order: OrderFacts,
  selected: readonly string[],
  reason: RefundReason,
  channel: Channel,
  limits: Limits,
): OracleAnswer {
  const lines = [...new Set(selected)].flatMap((lineId) => {
    const line = order.lines.find((candidate) => candidate.lineId === lineId);
    if (!line || !refundableBeforeDocuments(line, order)) return [];
    const quantity = line.quantity - line.refundedQuantity;
    const feeRateBasisPoints = feeRateBeforeDocuments(reason, line);
    const feeCents = feeHalfUp(quantity * line.unitPriceCents, feeRateBasisPoints);
    return [
      { lineId, quantity, feeRateBasisPoints, feeCents, subtotal: quantity * line.unitPriceCents },
    ];
  });
  if (lines.length === 0) return { kind: "deny" };
  const subtotalCents = lines.reduce((sum, line) => sum + line.subtotal, 0);
  const feeCents = lines.reduce((sum, line) => sum + line.feeCents, 0);
  const shippingRefundCents =
    SHIPPING_BACK.includes(reason) && !order.shippingAlreadyRefunded ? order.shippingCents : 0;
  const netRefundCents = subtotalCents - feeCents + shippingRefundCents;
  if (netRefundCents === 0) return { kind: "deny" };
  const staffApproval =
    channel === "email" ||
    netRefundCents > limits.autoApproveLimitCents ||
    (FULL_PRICE.includes(reason) && netRefundCents > limits.merchantFaultAutoApproveLimitCents);
  return {
    kind: "quote",
    lines: lines.map(({ subtotal: _, ...line }) => line),
    subtotalCents,
    feeCents,
    shippingRefundCents,
    netRefundCents,
    staffApproval,
  };
}

function v1WithLimits(limits: Limits): RefundPolicy {
  return {
    ...POLICY_V1,
    document: { ...POLICY_V1.document, approval: { ...POLICY_V1.document.approval, ...limits } },
  };
}

/** The document engine under v1 (with these limits) against the oracle, for one request. */
function expectSameAsBeforeDocuments(
  order: OrderFacts,
  selected: readonly string[],
  reason: RefundReason,
  channel: Channel,
  limits: Limits,
) {
  const expected = engineBeforeDocuments(order, selected, reason, channel, limits);
  const decision = evaluateRefund({
    order,
    selectedLineIds: selected,
    reason,
    channel,
    now: NOW,
    policy: v1WithLimits(limits),
  });
  expect(decision.policyVersion).toBe("refund-policy/v1");
  if (expected.kind === "deny") {
    expect(decision.kind).toBe("deny");
    return;
  }
  if (decision.kind !== "quote")
    throw new Error(`denied what v1 quoted: ${JSON.stringify(decision)}`);
  const { quote, gates } = decision;
  expect({
    kind: "quote",
    lines: quote.lines.map(({ lineId, quantity, feeRateBasisPoints, feeCents }) => ({
      lineId,
      quantity,
      feeRateBasisPoints,
      feeCents,
    })),
    subtotalCents: quote.subtotalCents,
    feeCents: quote.feeCents,
    shippingRefundCents: quote.shippingRefundCents,
    netRefundCents: quote.netRefundCents,
    staffApproval: gates.staffApproval,
  }).toEqual(expected);
  expect(gates.customerConfirmation).toBe(channel === "chat");
}

describe("refund policy v1 as a document", () => {
  it("quotes, refuses and gates exactly as the engine did before policies were documents", () => {
    const requestArb = orderArbitrary({ now: NOW }).chain((order) =>
      fc.record({
        order: fc.constant(order),
        selected: fc.subarray([...order.lines.map((line) => line.lineId), "ghost"]),
        reason: fc.constantFrom(...REFUND_REASONS),
        channel: fc.constantFrom<Channel>("chat", "email"),
        // The settings an admin could have set before the limits moved into the document.
        limits: fc.record({
          autoApproveLimitCents: fc.oneof(fc.constant(2500), fc.integer({ min: 0, max: 50_000 })),
          merchantFaultAutoApproveLimitCents: fc.oneof(
            fc.constant(0),
            fc.integer({ min: 0, max: 50_000 }),
          ),
        }),
      }),
    );
    fc.assert(
      fc.property(requestArb, ({ order, selected, reason, channel, limits }) => {
        expectSameAsBeforeDocuments(order, selected, reason, channel, limits);
      }),
      { numRuns: 2_000 },
    );
  });

  it("gives the scenario orders' every request what the engine gave before documents", () => {
    const defaults = {
      autoApproveLimitCents: POLICY_V1.document.approval.autoApproveLimitCents,
      merchantFaultAutoApproveLimitCents:
        POLICY_V1.document.approval.merchantFaultAutoApproveLimitCents,
    };
    expect(defaults).toEqual({
      autoApproveLimitCents: 2500,
      merchantFaultAutoApproveLimitCents: 0,
    });
    let requests = 0;
    for (const order of Object.values(buildScenarioOrders(NOW))) {
      const ids = order.lines.map((line) => line.lineId);
      const subsets = Array.from({ length: 2 ** ids.length - 1 }, (_, mask) =>
        ids.filter((_, index) => ((mask + 1) >> index) & 1),
      );
      for (const selected of subsets) {
        for (const reason of REFUND_REASONS) {
          for (const channel of ["chat", "email"] as const) {
            expectSameAsBeforeDocuments(order, selected, reason, channel, defaults);
            requests += 1;
          }
        }
      }
    }
    expect(requests).toBe((3 + 1 + 3 + 3 + 1 + 1) * REFUND_REASONS.length * 2);
  });
});
