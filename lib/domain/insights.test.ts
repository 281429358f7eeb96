import { describe, expect, it } from "vitest";
import {
  computeInsights,
  denialsIn,
  findFigure,
  type InsightConversation,
  type InsightRows,
  listFigures,
  refundOutcome,
  resolvePeriod,
} from "./insights";
import { REFUND_STATES, type RefundState } from "./refund-state";

const at = (minutes: number) => new Date(Date.UTC(2026, 2, 10, 9, minutes));

function conversation(id: string, change: Partial<InsightConversation> = {}): InsightConversation {
  return {
    id,
    channel: "chat",
    status: "resolved",
    closed: true,
    handledByPerson: false,
    firstCustomerMessageAt: at(0),
    firstReplyAt: at(1),
    inputTokens: 100,
    outputTokens: 20,
    costMicroUsd: 300,
    ...change,
  };
}

const EMPTY: InsightRows = {
  conversations: [],
  decisions: [],
  refunds: [],
  disputes: [],
  toolResults: [],
  refusedTransitions: [],
};

describe("computeInsights", () => {
  it("splits resolved conversations into agent alone and handed to a person, leaving open ones out", () => {
    const insights = computeInsights({
      ...EMPTY,
      conversations: [
        conversation("c1"),
        conversation("c2", { handledByPerson: true }),
        conversation("c3", { closed: false, status: "needs_approval" }),
      ],
    });
    expect(insights.resolution.map((figure) => [figure.key, figure.conversationIds])).toEqual([
      ["resolution:agent_alone", ["c1"]],
      ["resolution:handed_to_person", ["c2"]],
    ]);
    expect(insights.modelUsage).toMatchObject({
      resolvedConversations: 2,
      inputTokens: 200,
      outputTokens: 40,
      tokensPerResolved: 120,
      costMicroUsdPerResolved: 300,
    });
    expect(
      insights.conversationsByChannelOutcome.map((figure) => [figure.key, figure.count]),
    ).toEqual([
      ["conversations:chat:resolved", 2],
      ["conversations:chat:needs_approval", 1],
    ]);
  });

  it("measures waits only where both ends exist", () => {
    const insights = computeInsights({
      ...EMPTY,
      conversations: [
        conversation("c1", { firstReplyAt: at(2) }),
        conversation("c2", { firstReplyAt: at(10) }),
        conversation("c3", { firstReplyAt: null }),
      ],
    });
    expect(insights.timings[0]).toMatchObject({
      key: "timing:first_reply",
      count: 2,
      p50Ms: 2 * 60_000,
      p90Ms: 10 * 60_000,
      conversationIds: ["c1", "c2"],
    });
    expect(insights.timings[1]).toMatchObject({ count: 0, p50Ms: null });
  });

  it("sums paid refunds by reason and ignores failed ones", () => {
    const refund = (conversationId: string, reason: string, amountCents: number) => ({
      conversationId,
      reason,
      amountCents,
      currency: "USD",
      status: "succeeded" as const,
      providerReason: null,
      createdAt: at(30),
      paidAt: at(30),
      conversationStartedAt: at(0),
    });
    const insights = computeInsights({
      ...EMPTY,
      refunds: [
        refund("c1", "damaged", 4800),
        refund("c2", "damaged", 1200),
        refund("c3", "too_small", 900),
        { ...refund("c4", "damaged", 5000), status: "failed", paidAt: null },
      ],
    });
    expect(insights.refundsByReason).toEqual([
      {
        key: "refunds:damaged:USD",
        label: "damaged",
        count: 2,
        amountCents: 6000,
        currency: "USD",
        conversationIds: ["c1", "c2"],
      },
      {
        key: "refunds:too_small:USD",
        label: "too small",
        count: 1,
        amountCents: 900,
        currency: "USD",
        conversationIds: ["c3"],
      },
    ]);
    expect(insights.timings[2]).toMatchObject({ count: 3, p50Ms: 30 * 60_000 });
  });

  it("splits refunds by the provider's state: paid, processing, failed after paying, failed, canceled", () => {
    const refund = (
      conversationId: string,
      status: RefundState,
      paidAt: Date | null,
      providerReason: string | null = null,
    ) => ({
      conversationId,
      reason: "damaged",
      amountCents: 1000,
      currency: "USD",
      status,
      providerReason,
      createdAt: at(30),
      paidAt,
      conversationStartedAt: at(0),
    });
    const insights = computeInsights({
      ...EMPTY,
      refunds: [
        refund("c1", "succeeded", at(31)),
        refund("c2", "succeeded", at(32)),
        refund("c3", "pending", null, "charge_pending"),
        refund("c4", "requires_action", null),
        refund("c5", "failed", at(40), "lost_or_stolen_card"),
        refund("c6", "failed", null, "lost_or_stolen_card"),
        refund("c7", "canceled", null, "new_code"),
      ],
    });
    const byOutcome = Object.fromEntries(
      insights.refundsByOutcome.map((figure) => [
        figure.refundOutcome,
        [figure.label, figure.count, figure.amountCents, figure.conversationIds],
      ]),
    );
    expect(byOutcome).toEqual({
      paid: ["Paid", 2, 2000, ["c1", "c2"]],
      processing: ["Processing (not paid yet)", 2, 2000, ["c3", "c4"]],
      failed_after_paid: ["Failed after being paid", 1, 1000, ["c5"]],
      failed: ["Failed before paying", 1, 1000, ["c6"]],
      canceled: ["Canceled", 1, 1000, ["c7"]],
    });
    expect(
      insights.refundFailureReasons.map((figure) => [figure.label, figure.conversationIds]),
    ).toEqual([
      ["the card was reported lost or stolen", ["c5", "c6"]],
      ["new_code", ["c7"]],
    ]);
    // Only the paid ones count as refunds by reason, timed to when the provider paid them.
    expect(insights.refundsByReason).toMatchObject([{ count: 2, amountCents: 2000 }]);
    expect(insights.timings[2]).toMatchObject({ count: 2, p50Ms: 31 * 60_000 });
  });

  it("calls a refund paid only when the provider says it succeeded", () => {
    for (const status of REFUND_STATES) {
      for (const paidAt of [null, at(1)]) {
        expect(refundOutcome({ status, paidAt }) === "paid").toBe(status === "succeeded");
      }
    }
  });

  it("counts denials per cited policy section and the unsafe outcomes caught", () => {
    const insights = computeInsights({
      ...EMPTY,
      toolResults: [
        {
          conversationId: "c1",
          toolName: "propose_refund",
          isError: true,
          result: {
            error: "x",
            reasons: [
              { sectionId: "§3", code: "FINAL_SALE", lineId: "l1" },
              { sectionId: "§2", code: "OUTSIDE_WINDOW", lineId: "l2" },
            ],
          },
        },
        {
          conversationId: "c1",
          toolName: "check_refund_policy",
          isError: false,
          result: {
            refundableLineIds: [],
            denyReasons: [{ sectionId: "§2", code: "OUTSIDE_WINDOW", lineId: "l2" }],
          },
        },
        {
          conversationId: "c2",
          toolName: "propose_refund",
          isError: false,
          result: { refused: [{ sectionId: "§3", code: "FINAL_SALE", lineId: "l9" }] },
        },
        {
          conversationId: "c2",
          toolName: "check_refund_policy",
          isError: false,
          result: {
            refundableLineIds: ["l8"],
            denyReasons: [{ sectionId: "§3", code: "FINAL_SALE", lineId: "l9" }],
          },
        },
        { conversationId: "c3", toolName: "send_customer_message", isError: true, result: {} },
        { conversationId: "c3", toolName: "lookup_order", isError: false, result: {} },
      ],
      disputes: [
        {
          conversationId: "c4",
          category: "wrong_amount",
          impact: "low",
          amountCents: 1000,
          suppliedAmountCents: 1500,
        },
        {
          conversationId: "c5",
          category: "wrong_amount",
          impact: "low",
          amountCents: 1000,
          suppliedAmountCents: 1000,
        },
      ],
      refusedTransitions: [{ conversationId: "c6" }, { conversationId: null }],
    });
    expect(insights.denialsBySection.map((figure) => [figure.key, figure.count])).toEqual([
      ["denials:§3", 2],
      ["denials:§2", 1],
    ]);
    expect(insights.unsafeCaught.map((figure) => [figure.key, figure.count])).toEqual([
      ["unsafe:refused_tool_calls", 1],
      ["unsafe:blocked_customer_messages", 1],
      ["unsafe:corrected_amounts", 1],
      ["unsafe:refused_transitions", 2],
    ]);
    expect(insights.disputes).toMatchObject([
      { key: "disputes:wrong_amount:low", count: 2, amountCents: 2000 },
    ]);
    expect(findFigure(insights, "unsafe:corrected_amounts")?.conversationIds).toEqual(["c4"]);
    expect(findFigure(insights, "nope")).toBeNull();
  });

  it("gives every figure a distinct key", () => {
    const keys = listFigures(
      computeInsights({ ...EMPTY, conversations: [conversation("c1")] }),
    ).map((figure) => figure.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("denialsIn", () => {
  const window = { sectionId: "§2", code: "OUTSIDE_WINDOW" };
  const finalSale = { sectionId: "§3", code: "FINAL_SALE" };
  it.each([
    ["propose_refund", null, []],
    ["propose_refund", "text", []],
    ["propose_refund", { reasons: "nope" }, []],
    ["propose_refund", { reasons: [window], refused: [finalSale] }, [window, finalSale]],
    ["check_refund_policy", { refundableLineIds: [], denyReasons: [window] }, [window]],
    ["check_refund_policy", { refundableLineIds: ["l1"], denyReasons: [finalSale] }, []],
    ["lookup_order", { reasons: [window] }, []],
  ])("reads %s %j as %j", (tool, result, denials) => {
    expect(denialsIn(tool, result)).toEqual(denials);
  });
});

describe("resolvePeriod", () => {
  const now = new Date("2026-03-10T15:30:00Z");

  it("defaults to the seven days up to and including today", () => {
    expect(resolvePeriod({}, now)).toEqual({
      from: new Date("2026-03-04T00:00:00Z"),
      to: new Date("2026-03-11T00:00:00Z"),
      fromDate: "2026-03-04",
      toDate: "2026-03-10",
    });
  });

  it("includes both chosen days", () => {
    expect(resolvePeriod({ from: "2026-02-01", to: "2026-02-01" }, now)).toMatchObject({
      from: new Date("2026-02-01T00:00:00Z"),
      to: new Date("2026-02-02T00:00:00Z"),
    });
  });

  it.each([
    [{ from: "2026-02-05", to: "2026-02-01" }],
    [{ from: "yesterday", to: "2026-02-01" }],
    [{ from: "2024-01-01", to: "2026-02-01" }],
  ])("falls back to the default for %j", (input) => {
    expect(resolvePeriod(input, now).fromDate).toBe("2026-03-04");
  });
});
