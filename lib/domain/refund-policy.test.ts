import { describe, expect, it } from "vitest";
import { buildScenarioOrders, lineOf } from "@/tests/data/scenario-fixtures";
import { DomainError } from "./errors";
import type { RefundPolicy } from "./policy-document";
import { POLICY_V1 } from "./policy-v1";
import {
  type Channel,
  evaluateRefund,
  type OrderFacts,
  POLICY_SECTION_IDS,
  policyFacts,
  type RefundDecision,
  type RefundReason,
} from "./refund-policy";

const NOW = new Date("2025-03-15T12:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const orders = buildScenarioOrders(NOW);

function evaluate(
  order: OrderFacts,
  selectedLineIds: string[],
  reason: RefundReason,
  channel: Channel,
  now = NOW,
): RefundDecision {
  return evaluateRefund({
    order,
    selectedLineIds,
    reason,
    channel,
    now,
    policy: POLICY_V1,
  });
}

function quoteOf(decision: RefundDecision) {
  if (decision.kind !== "quote")
    throw new Error(`expected a quote, got ${JSON.stringify(decision)}`);
  return decision;
}

function deliveredDaysAgo(order: OrderFacts, days: number): OrderFacts {
  return { ...order, deliveredAt: new Date(NOW.getTime() - days * DAY_MS) };
}

/** Refund policy v1 with other auto-approve limits. */
function withLimits(limits: Partial<RefundPolicy["document"]["approval"]>): RefundPolicy {
  return {
    ...POLICY_V1,
    document: { ...POLICY_V1.document, approval: { ...POLICY_V1.document.approval, ...limits } },
  };
}

describe("stories from docs/scenarios.md", () => {
  const quotes = [
    {
      story: "1 cracked on arrival (Maya, email): coffee maker only, no shipping on this order",
      order: orders.mayaA1043,
      lines: ["A1043-1"],
      reason: "damaged",
      channel: "email",
      subtotal: 4800,
      fee: 0,
      shipping: 0,
      net: 4800,
      gates: { customerConfirmation: false, staffApproval: true },
      target: "Visa •4242",
    },
    {
      story: "3 angry customer (Priya, email): skillet with 10% fee, gift card refused",
      order: orders.priyaA1066,
      lines: ["A1066-1", "A1066-2"],
      reason: "no_longer_needed",
      channel: "email",
      subtotal: 3500,
      fee: 350,
      shipping: 0,
      net: 3150,
      gates: { customerConfirmation: false, staffApproval: true },
      target: "Visa •1881",
    },
    {
      story: "4 too big (Sam, chat): jacket above the limit needs confirmation and approval",
      order: orders.samB2001,
      lines: ["B2001-1"],
      reason: "too_large",
      channel: "chat",
      subtotal: 8900,
      fee: 890,
      shipping: 0,
      net: 8010,
      gates: { customerConfirmation: true, staffApproval: true },
      target: "Amex •0005",
    },
    {
      story: "5 small refund (Sam, chat): socks within the limit need confirmation only",
      order: orders.samB2001,
      lines: ["B2001-2"],
      reason: "too_small",
      channel: "chat",
      subtotal: 1400,
      fee: 140,
      shipping: 0,
      net: 1260,
      gates: { customerConfirmation: true, staffApproval: false },
      target: "Amex •0005",
    },
    {
      story: "6 opened electronics (Sam, chat): 15% fee",
      order: orders.samB2002,
      lines: ["B2002-1"],
      reason: "no_longer_needed",
      channel: "chat",
      subtotal: 12900,
      fee: 1935,
      shipping: 0,
      net: 10965,
      gates: { customerConfirmation: true, staffApproval: true },
      target: "Amex •0005",
    },
  ] as const;

  it.each(quotes)("$story", (row) => {
    const decision = quoteOf(evaluate(row.order, [...row.lines], row.reason, row.channel));
    expect(decision.quote).toMatchObject({
      policyVersion: "refund-policy/v1",
      orderId: row.order.orderId,
      orderNumber: row.order.orderNumber,
      customerId: row.order.customerId,
      currency: "USD",
      reason: row.reason,
      subtotalCents: row.subtotal,
      feeCents: row.fee,
      shippingRefundCents: row.shipping,
      netRefundCents: row.net,
      refundTarget: row.target,
    });
    expect(decision.gates).toEqual(row.gates);
  });

  it("1: the mugs stay out of Maya's quote", () => {
    const { quote } = quoteOf(evaluate(orders.mayaA1043, ["A1043-1"], "damaged", "email"));
    expect(quote.lines.map((line) => line.lineId)).toEqual(["A1043-1"]);
  });

  it("2 past 30 days (Tom): denied, citing the window section", () => {
    const decision = evaluate(orders.tomA1021, ["A1021-1"], "no_longer_needed", "email");
    expect(decision).toEqual({
      kind: "deny",
      policyVersion: "refund-policy/v1",
      reasons: [
        {
          lineId: "A1021-1",
          code: "OUTSIDE_WINDOW",
          sectionId: POLICY_SECTION_IDS.window,
          message:
            "Wool throw blanket was delivered 45 days ago, outside the 30-day return window.",
          params: { item: "Wool throw blanket", days: 45, windowDays: 30 },
        },
      ],
    });
  });

  it("3: Priya's gift card is named as refused for final sale, with its section", () => {
    const decision = quoteOf(
      evaluate(orders.priyaA1066, ["A1066-1", "A1066-2"], "no_longer_needed", "email"),
    );
    expect(decision.quote.lines).toEqual([
      {
        lineId: "A1066-1",
        name: "Cast-iron skillet",
        quantity: 1,
        unitPriceCents: 3500,
        subtotalCents: 3500,
        feeRateBasisPoints: 1000,
        feeCents: 350,
      },
    ]);
    expect(decision.refused).toEqual([
      {
        lineId: "A1066-2",
        code: "FINAL_SALE",
        sectionId: POLICY_SECTION_IDS.exclusions,
        message: "Gift card is a final-sale item and cannot be refunded.",
        params: { item: "Gift card" },
      },
    ]);
  });

  it("6: the same earbuds request 20 days after delivery is denied by the 15-day window", () => {
    const decision = evaluate(
      deliveredDaysAgo(orders.samB2002, 20),
      ["B2002-1"],
      "no_longer_needed",
      "chat",
    );
    expect(decision.kind).toBe("deny");
    expect(decision.kind === "deny" && decision.reasons).toEqual([
      expect.objectContaining({
        code: "OUTSIDE_WINDOW",
        sectionId: POLICY_SECTION_IDS.window,
        message:
          "Wireless earbuds was delivered 20 days ago, outside the 15-day return window for electronics.",
      }),
    ]);
  });
});

describe("return window (inclusive)", () => {
  it.each([
    { category: "home", days: 30, inside: true },
    { category: "home", days: 31, inside: false },
    { category: "apparel", days: 0, inside: true },
    { category: "electronics", days: 15, inside: true },
    { category: "electronics", days: 16, inside: false },
  ])("$category on day $days → inside: $inside", ({ category, days, inside }) => {
    const order: OrderFacts = {
      ...deliveredDaysAgo(orders.samB2001, days),
      lines: [{ ...lineOf(orders.samB2001, "B2001-1"), category }],
    };
    expect(evaluate(order, ["B2001-1"], "too_large", "chat").kind).toBe(inside ? "quote" : "deny");
  });

  it("counts whole elapsed days: one millisecond short of day 31 is still day 30", () => {
    const order = { ...orders.tomA1021, deliveredAt: new Date(NOW.getTime() - 31 * DAY_MS + 1) };
    expect(evaluate(order, ["A1021-1"], "too_small", "email").kind).toBe("quote");
  });

  it("treats a delivery date in the future (clock skew) as day 0", () => {
    const order = { ...orders.tomA1021, deliveredAt: new Date(NOW.getTime() + DAY_MS) };
    expect(evaluate(order, ["A1021-1"], "too_small", "email").kind).toBe("quote");
  });
});

describe("fees and shipping", () => {
  it.each([
    { reason: "damaged", fee: 0, shipping: 600 },
    { reason: "wrong_item", fee: 0, shipping: 600 },
    { reason: "not_as_described", fee: 0, shipping: 0 },
    { reason: "too_small", fee: 890, shipping: 0 },
    { reason: "too_large", fee: 890, shipping: 0 },
    { reason: "no_longer_needed", fee: 890, shipping: 0 },
  ] as const)("$reason: fee $fee, shipping $shipping", ({ reason, fee, shipping }) => {
    const { quote } = quoteOf(evaluate(orders.samB2001, ["B2001-1"], reason, "chat"));
    expect(quote.feeCents).toBe(fee);
    expect(quote.shippingRefundCents).toBe(shipping);
    expect(quote.netRefundCents).toBe(8900 - fee + shipping);
  });

  it("reimburses shipping at most once per order", () => {
    const first = quoteOf(evaluate(orders.samB2001, ["B2001-1"], "damaged", "chat"));
    expect(first.quote.shippingRefundCents).toBe(600);
    const afterFirst: OrderFacts = {
      ...orders.samB2001,
      shippingAlreadyRefunded: true,
      lines: orders.samB2001.lines.map((line) =>
        line.lineId === "B2001-1" ? { ...line, refundedQuantity: 1 } : line,
      ),
    };
    const second = quoteOf(evaluate(afterFirst, ["B2001-2"], "wrong_item", "chat"));
    expect(second.quote.shippingRefundCents).toBe(0);
    expect(second.quote.netRefundCents).toBe(1400);
  });

  it("adds shipping once to a multi-line merchant-fault refund", () => {
    const { quote } = quoteOf(evaluate(orders.samB2001, ["B2001-1", "B2001-2"], "damaged", "chat"));
    expect(quote.shippingRefundCents).toBe(600);
    expect(quote.netRefundCents).toBe(8900 + 1400 + 600);
  });

  it("charges unopened electronics the ordinary 10% fee", () => {
    const unopened: OrderFacts = {
      ...orders.samB2002,
      lines: [{ ...lineOf(orders.samB2002, "B2002-1"), opened: false }],
    };
    expect(
      quoteOf(evaluate(unopened, ["B2002-1"], "no_longer_needed", "chat")).quote.feeCents,
    ).toBe(1290);
  });

  it("computes the fee per line and rounds each half up", () => {
    const order: OrderFacts = {
      ...orders.samB2001,
      lines: [
        { ...lineOf(orders.samB2001, "B2001-1"), unitPriceCents: 1995 },
        { ...lineOf(orders.samB2001, "B2001-2"), unitPriceCents: 1005, quantity: 3 },
      ],
    };
    const { quote } = quoteOf(evaluate(order, ["B2001-1", "B2001-2"], "too_small", "chat"));
    // 1995 × 10% = 199.5 → 200; 3 × 1005 × 10% = 301.5 → 302.
    expect(quote.lines.map((line) => line.feeCents)).toEqual([200, 302]);
    expect(quote.feeCents).toBe(502);
    expect(quote.netRefundCents).toBe(1995 + 3015 - 502);
  });

  it("quotes the two mugs as one line of quantity 2", () => {
    const { quote } = quoteOf(evaluate(orders.mayaA1043, ["A1043-2"], "too_small", "chat"));
    expect(quote.lines[0]).toMatchObject({ quantity: 2, subtotalCents: 2400, feeCents: 240 });
    expect(quote.netRefundCents).toBe(2160);
  });
});

describe("gates", () => {
  it.each([
    { channel: "chat", net: 2500, confirmation: true, approval: false },
    { channel: "chat", net: 2501, confirmation: true, approval: true },
    { channel: "email", net: 100, confirmation: false, approval: true },
  ] as const)("$channel refund of $net cents", ({ channel, net, confirmation, approval }) => {
    const order: OrderFacts = {
      ...orders.samB2001,
      lines: [{ ...lineOf(orders.samB2001, "B2001-1"), unitPriceCents: net }],
    };
    // Not as described pays the price exactly; its own merchant-fault limit is set out of the way.
    const decision = quoteOf(
      evaluateRefund({
        order,
        selectedLineIds: ["B2001-1"],
        reason: "not_as_described",
        channel,
        now: NOW,
        policy: withLimits({ merchantFaultAutoApproveLimitCents: 1_000_000 }),
      }),
    );
    expect(decision.quote.netRefundCents).toBe(net);
    expect(decision.gates).toEqual({ customerConfirmation: confirmation, staffApproval: approval });
  });

  it("follows the admin's auto-approve limit", () => {
    const decision = evaluateRefund({
      order: orders.samB2001,
      selectedLineIds: ["B2001-2"],
      reason: "too_small",
      channel: "chat",
      now: NOW,
      policy: withLimits({ autoApproveLimitCents: 1000, merchantFaultAutoApproveLimitCents: 0 }),
    });
    expect(quoteOf(decision).gates.staffApproval).toBe(true);
  });

  it.each([
    { reason: "damaged", limit: 0, net: 1, approval: true },
    { reason: "wrong_item", limit: 0, net: 100, approval: true },
    { reason: "not_as_described", limit: 0, net: 100, approval: true },
    { reason: "damaged", limit: 2000, net: 2000, approval: false },
    { reason: "damaged", limit: 2000, net: 2001, approval: true },
    // The general limit still applies to a merchant-fault refund the merchant's limit allows.
    { reason: "damaged", limit: 9000, net: 2501, approval: true },
  ] as const)(
    "a $reason chat refund of $net cents under a merchant-fault limit of $limit cents: approver $approval",
    ({ reason, limit, net, approval }) => {
      const order: OrderFacts = {
        ...orders.samB2001,
        shippingCents: 0,
        lines: [{ ...lineOf(orders.samB2001, "B2001-1"), unitPriceCents: net }],
      };
      const decision = evaluateRefund({
        order,
        selectedLineIds: ["B2001-1"],
        reason,
        channel: "chat",
        now: NOW,
        policy: withLimits({
          autoApproveLimitCents: 2500,
          merchantFaultAutoApproveLimitCents: limit,
        }),
      });
      expect(quoteOf(decision).quote.netRefundCents).toBe(net);
      expect(quoteOf(decision).gates.staffApproval).toBe(approval);
    },
  );
});

describe("refusals", () => {
  it("quotes the eligible lines of a mixed request and names every refused one", () => {
    const order: OrderFacts = {
      ...orders.priyaA1066,
      lines: [
        ...orders.priyaA1066.lines,
        {
          ...lineOf(orders.priyaA1066, "A1066-1"),
          lineId: "A1066-3",
          name: "Dutch oven",
          refundedQuantity: 1,
        },
      ],
    };
    const decision = quoteOf(
      evaluate(order, ["A1066-1", "A1066-2", "A1066-3", "nope", "A1066-1"], "too_large", "chat"),
    );
    expect(decision.quote.lines.map((line) => line.lineId)).toEqual(["A1066-1"]);
    expect(decision.refused.map((reason) => [reason.lineId, reason.code])).toEqual([
      ["A1066-2", "FINAL_SALE"],
      ["A1066-3", "ALREADY_REFUNDED"],
      ["nope", "UNKNOWN_LINE"],
    ]);
  });

  it("reports every reason a line fails, not just the first", () => {
    const order: OrderFacts = {
      ...deliveredDaysAgo(orders.priyaA1066, 40),
      lines: [{ ...lineOf(orders.priyaA1066, "A1066-2"), refundedQuantity: 1 }],
    };
    const decision = evaluate(order, ["A1066-2"], "damaged", "chat");
    expect(decision.kind === "deny" && decision.reasons.map((reason) => reason.code)).toEqual([
      "FINAL_SALE",
      "ALREADY_REFUNDED",
      "OUTSIDE_WINDOW",
    ]);
  });

  it("treats a gift card as final sale even when the flag is missing", () => {
    const order: OrderFacts = {
      ...orders.priyaA1066,
      lines: [{ ...lineOf(orders.priyaA1066, "A1066-2"), finalSale: false }],
    };
    const decision = evaluate(order, ["A1066-2"], "damaged", "chat");
    expect(decision.kind === "deny" && decision.reasons[0]?.code).toBe("FINAL_SALE");
  });

  it("denies an empty selection", () => {
    expect(evaluate(orders.samB2001, [], "too_small", "chat")).toEqual({
      kind: "deny",
      policyVersion: "refund-policy/v1",
      reasons: [
        expect.objectContaining({
          code: "NO_LINES_SELECTED",
          sectionId: POLICY_SECTION_IDS.reasons,
        }),
      ],
    });
  });

  it("denies an order that has not been delivered, with the line reasons too", () => {
    const order: OrderFacts = { ...orders.priyaA1066, deliveredAt: null };
    const decision = evaluate(order, ["A1066-1", "A1066-2"], "damaged", "chat");
    expect(decision.kind === "deny" && decision.reasons.map((reason) => reason.code)).toEqual([
      "NOT_DELIVERED",
      "FINAL_SALE",
    ]);
  });

  it("denies a request that would refund nothing", () => {
    const order: OrderFacts = {
      ...orders.samB2001,
      lines: [{ ...lineOf(orders.samB2001, "B2001-1"), unitPriceCents: 0 }],
    };
    const decision = evaluate(order, ["B2001-1"], "too_small", "chat");
    expect(decision.kind === "deny" && decision.reasons.map((reason) => reason.code)).toEqual([
      "NOTHING_TO_REFUND",
    ]);
  });

  it("refunds only the units not yet refunded", () => {
    const order: OrderFacts = {
      ...orders.mayaA1043,
      lines: [
        lineOf(orders.mayaA1043, "A1043-1"),
        { ...lineOf(orders.mayaA1043, "A1043-2"), refundedQuantity: 1 },
      ],
    };
    const { quote } = quoteOf(evaluate(order, ["A1043-2"], "damaged", "chat"));
    expect(quote.lines[0]).toMatchObject({ quantity: 1, subtotalCents: 1200 });
  });

  it("throws on malformed order facts instead of quoting them", () => {
    const broken = {
      ...orders.samB2001,
      lines: [{ ...lineOf(orders.samB2001, "B2001-1"), unitPriceCents: 89.5 }],
    };
    expect(() => evaluate(broken, ["B2001-1"], "too_small", "chat")).toThrow(DomainError);
    const duplicated = {
      ...orders.samB2001,
      lines: [lineOf(orders.samB2001, "B2001-1"), lineOf(orders.samB2001, "B2001-1")],
    };
    expect(() => evaluate(duplicated, ["B2001-1"], "too_small", "chat")).toThrow(/malformed/);
    const overRefunded = {
      ...orders.samB2001,
      lines: [{ ...lineOf(orders.samB2001, "B2001-1"), refundedQuantity: 2 }],
    };
    expect(() => policyFacts(overRefunded, NOW, POLICY_V1)).toThrow(DomainError);
  });
});

describe("policyFacts", () => {
  it("shows the model Priya's order without any arithmetic left to do", () => {
    expect(policyFacts(orders.priyaA1066, NOW, POLICY_V1)).toEqual({
      policyVersion: "refund-policy/v1",
      orderId: "ord_A1066",
      orderNumber: "A1066",
      currency: "USD",
      delivered: true,
      daysSinceDelivery: 10,
      lines: [
        {
          lineId: "A1066-1",
          name: "Cast-iron skillet",
          category: "kitchen",
          quantity: 1,
          remainingQuantity: 1,
          unitPriceCents: 3500,
          windowDays: 30,
          daysLeftInWindow: 20,
          refundable: true,
          refundableCents: 3500,
          customerReasonFeeRateBasisPoints: 1000,
          reasons: [],
        },
        {
          lineId: "A1066-2",
          name: "Gift card",
          category: "gift_card",
          quantity: 1,
          remainingQuantity: 1,
          unitPriceCents: 5000,
          windowDays: 30,
          daysLeftInWindow: 20,
          refundable: false,
          refundableCents: 0,
          customerReasonFeeRateBasisPoints: 1000,
          reasons: [expect.objectContaining({ code: "FINAL_SALE", sectionId: "§3" })],
        },
      ],
      refundableLineIds: ["A1066-1"],
      remainingRefundableCents: 3500,
      shippingRefundableCents: 995,
      denyReasons: [expect.objectContaining({ lineId: "A1066-2", code: "FINAL_SALE" })],
    });
  });

  it("gives the electronics window and fee for the earbuds", () => {
    const facts = policyFacts(deliveredDaysAgo(orders.samB2002, 20), NOW, POLICY_V1);
    expect(facts.lines[0]).toMatchObject({
      windowDays: 15,
      daysLeftInWindow: -5,
      refundable: false,
      customerReasonFeeRateBasisPoints: 1500,
    });
    expect(facts.refundableLineIds).toEqual([]);
    expect(facts.remainingRefundableCents).toBe(0);
    expect(facts.shippingRefundableCents).toBe(0);
  });

  it("reports an undelivered order as not refundable yet", () => {
    const facts = policyFacts({ ...orders.samB2001, deliveredAt: null }, NOW, POLICY_V1);
    expect(facts).toMatchObject({
      delivered: false,
      daysSinceDelivery: null,
      refundableLineIds: [],
    });
    expect(facts.lines[0]?.daysLeftInWindow).toBeNull();
    expect(facts.denyReasons.map((reason) => reason.code)).toEqual(["NOT_DELIVERED"]);
  });

  it("stops offering shipping once it has been reimbursed", () => {
    expect(
      policyFacts({ ...orders.samB2001, shippingAlreadyRefunded: true }, NOW, POLICY_V1)
        .shippingRefundableCents,
    ).toBe(0);
  });
});
