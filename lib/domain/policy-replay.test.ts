import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import type { Channel, OrderFacts } from "./order-facts";
import type { PolicyDocument, RefundPolicy } from "./policy-document";
import { REFUND_REASONS, type RefundReason } from "./policy-reasons";
import {
  outcomeChanged,
  type ReplayableRequest,
  replayLabel,
  replayPolicies,
} from "./policy-replay";
import { POLICY_V1 } from "./policy-v1";

const NOW = new Date("2026-03-15T12:00:00.000Z");
const ORDERS = buildScenarioOrders(NOW);

function draftOf(edit: (document: PolicyDocument) => PolicyDocument): RefundPolicy {
  return { version: "draft", document: edit(structuredClone(POLICY_V1.document)) };
}

function request(
  order: OrderFacts,
  selectedLineIds: string[],
  reason: RefundReason,
  channel: Channel,
  overrides: Partial<ReplayableRequest> = {},
): ReplayableRequest {
  return {
    source: "request",
    ref: `pa_${order.orderNumber}_${selectedLineIds.join("_")}`,
    conversationId: "conv_1",
    label: replayLabel(order, selectedLineIds, reason),
    order,
    selectedLineIds,
    reason,
    channel,
    at: NOW,
    ...overrides,
  };
}

const earbuds = request(ORDERS.samB2002, ["B2002-1"], "no_longer_needed", "chat");
const jacket = request(ORDERS.samB2001, ["B2001-1"], "too_large", "chat");
const socks = request(ORDERS.samB2001, ["B2001-2"], "too_small", "chat");
const coffeeMaker = request(ORDERS.mayaA1043, ["A1043-1"], "damaged", "email");
const blanket = request(ORDERS.tomA1021, ["A1021-1"], "no_longer_needed", "email");

const shorterElectronicsWindow = draftOf((document) => ({
  ...document,
  categories: document.categories.map((category) =>
    category.name === "electronics" ? { ...category, windowDays: 7 } : category,
  ),
}));

describe("replayPolicies", () => {
  it("reports nothing when the draft is the live document", () => {
    const { changes, summary } = replayPolicies(
      [earbuds, jacket, socks, coffeeMaker, blanket],
      POLICY_V1,
      draftOf((document) => document),
    );
    expect(changes).toEqual([]);
    expect(summary).toEqual({
      requests: 5,
      stories: 0,
      decisionsFlipped: 0,
      amountsMoved: 0,
      moreNeedingApprover: 0,
      // Four were quoted (the blanket is past 30 days under both), and nothing moved.
      moneyDifference: [{ currency: "USD", cents: 0 }],
    });
  });

  it("flips opened earbuds delivered 8 days ago to a denial under a 7-day electronics window", () => {
    const { changes, summary } = replayPolicies(
      [earbuds, jacket],
      POLICY_V1,
      shorterElectronicsWindow,
    );
    expect(changes).toHaveLength(1);
    const [change] = changes;
    expect(change).toMatchObject({
      source: "request",
      ref: earbuds.ref,
      conversationId: "conv_1",
      label: "Order B2002 · Wireless earbuds · no longer needed",
      currency: "USD",
      // $129.00 less the 15% opened-electronics fee, over the $25 limit.
      before: { decision: "quote", netRefundCents: 10965, needsApprover: true },
      after: { decision: "deny" },
    });
    expect(change?.after.decision === "deny" && change.after.reasons[0]).toMatch(
      /outside the 7-day return window for electronics/,
    );
    expect(summary).toMatchObject({
      decisionsFlipped: 1,
      amountsMoved: 0,
      moreNeedingApprover: -1,
      moneyDifference: [{ currency: "USD", cents: -10965 }],
    });
  });

  it("counts a lower fee as an amount moved, per request and in money", () => {
    const noFee = draftOf((document) => ({
      ...document,
      reasons: {
        ...document.reasons,
        too_small: { ...document.reasons.too_small, feeRateBasisPoints: 0 },
        too_large: { ...document.reasons.too_large, feeRateBasisPoints: 0 },
        no_longer_needed: { ...document.reasons.no_longer_needed, feeRateBasisPoints: 0 },
      },
    }));
    const { changes, summary } = replayPolicies([jacket, socks, coffeeMaker], POLICY_V1, noFee);
    expect(changes.map((change) => [change.ref, change.before, change.after])).toEqual([
      [
        jacket.ref,
        { decision: "quote", netRefundCents: 8010, needsApprover: true },
        { decision: "quote", netRefundCents: 8900, needsApprover: true },
      ],
      [
        socks.ref,
        { decision: "quote", netRefundCents: 1260, needsApprover: false },
        { decision: "quote", netRefundCents: 1400, needsApprover: false },
      ],
    ]);
    expect(summary).toMatchObject({
      decisionsFlipped: 0,
      amountsMoved: 2,
      moreNeedingApprover: 0,
      moneyDifference: [{ currency: "USD", cents: 890 + 140 }],
    });
  });

  it("counts fewer requests needing an approver when the auto-approve limit rises", () => {
    const higherLimit = draftOf((document) => ({
      ...document,
      approval: { ...document.approval, autoApproveLimitCents: 10_000 },
    }));
    const { changes, summary } = replayPolicies(
      [jacket, socks, coffeeMaker],
      POLICY_V1,
      higherLimit,
    );
    // The jacket's $80.10 no longer needs a person; email (the coffee maker) always does.
    expect(changes).toEqual([
      expect.objectContaining({
        ref: jacket.ref,
        before: { decision: "quote", netRefundCents: 8010, needsApprover: true },
        after: { decision: "quote", netRefundCents: 8010, needsApprover: false },
      }),
    ]);
    expect(summary).toMatchObject({
      amountsMoved: 0,
      decisionsFlipped: 0,
      moreNeedingApprover: -1,
    });
  });

  it("turns a denial into a quote when the window widens, counting its whole amount", () => {
    const longerWindow = draftOf((document) => ({ ...document, defaultWindowDays: 60 }));
    const { changes, summary } = replayPolicies([blanket], POLICY_V1, longerWindow);
    expect(changes[0]?.before.decision).toBe("deny");
    // $64.00 less the 10% fee; email, so an approver.
    expect(changes[0]?.after).toEqual({
      decision: "quote",
      netRefundCents: 5760,
      needsApprover: true,
    });
    expect(summary).toMatchObject({
      decisionsFlipped: 1,
      moreNeedingApprover: 1,
      moneyDifference: [{ currency: "USD", cents: 5760 }],
    });
  });

  it("evaluates each request at its own moment, not today", () => {
    const madeThen = { ...earbuds, at: new Date(NOW.getTime() - 2 * 24 * 60 * 60 * 1000) };
    // Delivered 8 days before NOW is 6 days old when it was asked: inside the 7-day window.
    expect(replayPolicies([madeThen], POLICY_V1, shorterElectronicsWindow).changes).toEqual([]);
  });

  it("lists stories as changes and counts them, but keeps them out of the money", () => {
    const story = {
      ...earbuds,
      source: "story" as const,
      ref: "opened-electronics",
      conversationId: null,
    };
    const { changes, summary } = replayPolicies([story], POLICY_V1, shorterElectronicsWindow);
    expect(changes).toEqual([
      expect.objectContaining({ source: "story", ref: "opened-electronics" }),
    ]);
    expect(summary).toMatchObject({
      requests: 0,
      stories: 1,
      decisionsFlipped: 1,
      moneyDifference: [],
    });
  });

  it("keeps the money of each currency apart, sorted by currency", () => {
    const euros = { ...jacket, ref: "pa_eur", order: { ...ORDERS.samB2001, currency: "EUR" } };
    const noFee = draftOf((document) => ({
      ...document,
      reasons: {
        ...document.reasons,
        too_large: { ...document.reasons.too_large, feeRateBasisPoints: 500 },
        too_small: { ...document.reasons.too_small, feeRateBasisPoints: 500 },
        no_longer_needed: { ...document.reasons.no_longer_needed, feeRateBasisPoints: 500 },
      },
    }));
    const { summary } = replayPolicies([jacket, euros], POLICY_V1, noFee);
    expect(summary.moneyDifference).toEqual([
      { currency: "EUR", cents: 445 },
      { currency: "USD", cents: 445 },
    ]);
  });
});

describe("outcomeChanged", () => {
  it("ignores a denial whose wording changed", () => {
    expect(
      outcomeChanged({ decision: "deny", reasons: ["a"] }, { decision: "deny", reasons: ["b"] }),
    ).toBe(false);
  });
});

describe("replayLabel", () => {
  it("names the order, the lines and the reason", () => {
    expect(replayLabel(ORDERS.mayaA1043, ["A1043-1", "A1043-2"], "damaged")).toBe(
      "Order A1043 · Glass pour-over coffee maker, Stoneware mug · arrived damaged",
    );
  });
});

const ALL_REQUESTS = [
  ...Object.values(ORDERS).flatMap((order) =>
    order.lines.flatMap((line) =>
      REFUND_REASONS.flatMap((reason) =>
        (["chat", "email"] as const).map((channel) =>
          request(order, [line.lineId], reason, channel),
        ),
      ),
    ),
  ),
];

const draftArb: fc.Arbitrary<RefundPolicy> = fc
  .record({
    defaultWindowDays: fc.integer({ min: 1, max: 90 }),
    electronicsWindow: fc.option(fc.integer({ min: 1, max: 90 })),
    customerFee: fc.integer({ min: 0, max: 5000 }),
    autoApproveLimitCents: fc.integer({ min: 0, max: 20_000 }),
    merchantFaultLimit: fc.integer({ min: 0, max: 20_000 }),
    alwaysChat: fc.boolean(),
  })
  .map((terms) =>
    draftOf((document) => ({
      ...document,
      defaultWindowDays: terms.defaultWindowDays,
      reasons: {
        ...document.reasons,
        too_small: { ...document.reasons.too_small, feeRateBasisPoints: terms.customerFee },
        too_large: { ...document.reasons.too_large, feeRateBasisPoints: terms.customerFee },
        no_longer_needed: {
          ...document.reasons.no_longer_needed,
          feeRateBasisPoints: terms.customerFee,
        },
      },
      categories: document.categories.map((category) =>
        category.name === "electronics"
          ? { ...category, windowDays: terms.electronicsWindow }
          : category,
      ),
      approval: {
        ...document.approval,
        autoApproveLimitCents: terms.autoApproveLimitCents,
        merchantFaultAutoApproveLimitCents: terms.merchantFaultLimit,
        alwaysApproveChannels: terms.alwaysChat ? ["email", "chat"] : ["email"],
      },
    })),
  );

const requestsArb = fc
  .subarray(ALL_REQUESTS, { minLength: 0 })
  .chain((picked) =>
    fc.tuple(
      fc.constant(picked),
      fc.array(fc.integer({ min: 0, max: 60 }), {
        minLength: picked.length,
        maxLength: picked.length,
      }),
    ),
  )
  .map(([picked, daysBack]) =>
    picked.map((entry, index) => ({
      ...entry,
      at: new Date(NOW.getTime() - (daysBack[index] ?? 0) * 24 * 60 * 60 * 1000),
    })),
  );

describe("replayPolicies properties", () => {
  it("reports no change when both sides are the same document", () => {
    fc.assert(
      fc.property(requestsArb, draftArb, (requests, draft) => {
        const { changes, summary } = replayPolicies(requests, draft, { ...draft, version: "copy" });
        expect(changes).toEqual([]);
        expect(summary.decisionsFlipped + summary.amountsMoved + summary.moreNeedingApprover).toBe(
          0,
        );
        expect(summary.moneyDifference.every((entry) => entry.cents === 0)).toBe(true);
      }),
    );
  });

  it("summarises exactly the changes it lists", () => {
    fc.assert(
      fc.property(requestsArb, draftArb, draftArb, (requests, live, draft) => {
        const { changes, summary } = replayPolicies(requests, live, draft);
        const flipped = changes.filter(
          (change) => change.before.decision !== change.after.decision,
        );
        const bothQuoted = changes.filter(
          (change) => change.before.decision === "quote" && change.after.decision === "quote",
        );
        expect(flipped.length + bothQuoted.length).toBe(changes.length);
        expect(summary.decisionsFlipped).toBe(flipped.length);
        expect(summary.amountsMoved).toBeLessThanOrEqual(bothQuoted.length);
        expect(Math.abs(summary.moreNeedingApprover)).toBeLessThanOrEqual(changes.length);
        expect(summary.requests + summary.stories).toBe(requests.length);
        // Unchanged requests move no money, so the difference is the changes' own.
        const fromChanges = changes
          .filter((change) => change.source === "request")
          .reduce(
            (total, change) =>
              total +
              (change.after.decision === "quote" ? change.after.netRefundCents : 0) -
              (change.before.decision === "quote" ? change.before.netRefundCents : 0),
            0,
          );
        expect(summary.moneyDifference.reduce((total, entry) => total + entry.cents, 0)).toBe(
          fromChanges,
        );
        // Swapping the sides mirrors every count.
        const mirrored = replayPolicies(requests, draft, live).summary;
        expect(mirrored.decisionsFlipped).toBe(summary.decisionsFlipped);
        expect(mirrored.amountsMoved).toBe(summary.amountsMoved);
        expect(mirrored.moreNeedingApprover + summary.moreNeedingApprover).toBe(0);
      }),
    );
  });
});
