import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import type { Actor } from "./actor";
import { DomainError } from "./errors";
import { evaluateRefund } from "./evaluate-refund";
import type { OrderFacts } from "./order-facts";
import { fingerprintOrder } from "./order-fingerprint";
import { createPendingAction, type PendingActionState, transition } from "./pending-action";
import type { RefundPolicy } from "./policy-document";
import type { RefundReason } from "./policy-rules";
import { POLICY_V1 } from "./policy-v1";
import {
  checkOrderPin,
  type OrderPin,
  rerunPolicyForAction,
  revalidateForConfirmation,
  revalidateForExecution,
} from "./revalidate";

const T0 = new Date("2025-03-15T12:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const orders = buildScenarioOrders(T0);
const SYSTEM: Actor = { type: "system" };
const APPROVER: Actor = { type: "staff", userId: "usr_approver", roles: ["approver"] };

/** An action taken through its real gates to `approved`. */
function approvedAction(
  order: OrderFacts,
  lineId: string,
  reason: RefundReason,
  channel: "chat" | "email",
) {
  const decision = evaluateRefund({
    order,
    selectedLineIds: [lineId],
    reason,
    channel,
    now: T0,
    policy: POLICY_V1,
  });
  if (decision.kind !== "quote") throw new Error("fixture must quote");
  let action = createPendingAction({
    id: "pa_1",
    customerId: order.customerId,
    conversationId: "conv_1",
    channel,
    quote: decision.quote,
    gates: decision.gates,
    now: T0,
    actor: { type: "agent" },
    policy: POLICY_V1,
  }).action;
  const step = (event: Parameters<typeof transition>[1], actor: Actor, minute: number) => {
    const result = transition(action, event, { now: at(minute), actor });
    if (!result.ok) throw new Error(result.error.code);
    action = result.action;
  };
  step({ type: "proposed_to_customer" }, SYSTEM, 0);
  if (action.status === "awaiting_confirmation") {
    step(
      {
        type: "customer_confirmed",
        quoteHash: action.quoteHash,
        conversationId: "conv_1",
        customerId: order.customerId,
        presentation: {
          actionId: action.id,
          quoteHash: action.quoteHash,
          shownInThisSession: true,
          seenBeforeReply: true,
        },
      },
      { type: "customer", customerId: order.customerId },
      1,
    );
  }
  if (action.status === "awaiting_approval") {
    step(
      {
        type: "staff_approved",
        userId: "usr_approver",
        roles: ["approver"],
        quoteHash: action.quoteHash,
      },
      APPROVER,
      2,
    );
  }
  return action;
}

function revalidate(
  action: PendingActionState,
  order: OrderFacts,
  options: { customerId?: string; now?: Date; policy?: RefundPolicy; pin?: OrderPin } = {},
) {
  return revalidateForExecution({
    action,
    quoteNow: rerunPolicyForAction(action, order, options.policy ?? POLICY_V1),
    order,
    conversationCustomerId: options.customerId ?? action.customerId,
    orderPin: options.pin ?? null,
    now: options.now ?? at(3),
  });
}

const codes = (result: ReturnType<typeof revalidate>) =>
  result.ok ? [] : result.reasons.map((reason) => reason.code);

describe("revalidateForExecution", () => {
  it("passes an approved action whose facts have not changed (stories 4, 5, 1)", () => {
    expect(
      revalidate(approvedAction(orders.samB2001, "B2001-1", "too_large", "chat"), orders.samB2001),
    ).toEqual({ ok: true });
    expect(
      revalidate(approvedAction(orders.samB2001, "B2001-2", "too_small", "chat"), orders.samB2001),
    ).toEqual({ ok: true });
    expect(
      revalidate(approvedAction(orders.mayaA1043, "A1043-1", "damaged", "email"), orders.mayaA1043),
    ).toEqual({ ok: true });
  });

  it("measures the window when the quote was made, so a slow approval queue does not deny it", () => {
    const action = approvedAction(orders.mayaA1043, "A1043-1", "damaged", "email");
    const muchLater = new Date(T0.getTime() + 40 * 24 * 60 * 60_000);
    expect(revalidate(action, orders.mayaA1043, { now: muchLater })).toEqual({ ok: true });
  });

  it("refuses an action that is not approved, naming what is missing", () => {
    const approved = approvedAction(orders.samB2001, "B2001-1", "too_large", "chat");
    const waiting = { ...approved, status: "awaiting_approval" as const, approvedBy: null };
    expect(codes(revalidate(waiting, orders.samB2001))).toEqual([
      "NOT_APPROVED",
      "APPROVAL_MISSING",
    ]);
    const unconfirmed = { ...approved, confirmedAt: null };
    expect(codes(revalidate(unconfirmed, orders.samB2001))).toEqual(["CONFIRMATION_MISSING"]);
  });

  it("refuses superseded and expired actions", () => {
    const approved = approvedAction(orders.samB2001, "B2001-2", "too_small", "chat");
    expect(
      codes(
        revalidate({ ...approved, status: "superseded", supersededBy: "pa_2" }, orders.samB2001),
      ),
    ).toEqual(["SUPERSEDED", "NOT_APPROVED"]);
    const lapsed = { ...approved, status: "awaiting_confirmation" as const, confirmedAt: null };
    expect(codes(revalidate(lapsed, orders.samB2001, { now: at(10) }))).toEqual([
      "EXPIRED",
      "NOT_APPROVED",
      "CONFIRMATION_MISSING",
    ]);
    expect(codes(revalidate({ ...approved, status: "expired" }, orders.samB2001))).toContain(
      "EXPIRED",
    );
    expect(codes(revalidate({ ...approved, confirmedAt: at(10) }, orders.samB2001))).toEqual([
      "EXPIRED",
    ]);
  });

  it("refuses an order outside the conversation's customer scope", () => {
    const action = approvedAction(orders.samB2001, "B2001-2", "too_small", "chat");
    expect(codes(revalidate(action, orders.samB2001, { customerId: "cus_ana" }))).toEqual([
      "OUT_OF_SCOPE",
    ]);
    const foreign = { ...orders.samB2001, customerId: "cus_ana" };
    expect(codes(revalidate(action, foreign))).toContain("OUT_OF_SCOPE");
    const otherOrder = { ...orders.samB2001, orderId: "ord_B2002" };
    expect(codes(revalidate(action, otherOrder))).toContain("OUT_OF_SCOPE");
  });

  it("refuses lines refunded, or removed, since the quote", () => {
    const action = approvedAction(orders.samB2001, "B2001-2", "too_small", "chat");
    const refunded: OrderFacts = {
      ...orders.samB2001,
      lines: orders.samB2001.lines.map((line) =>
        line.lineId === "B2001-2" ? { ...line, refundedQuantity: 1 } : line,
      ),
    };
    expect(codes(revalidate(action, refunded))).toEqual(["LINE_ALREADY_REFUNDED", "POLICY_DENIES"]);
    const removed: OrderFacts = {
      ...orders.samB2001,
      lines: orders.samB2001.lines.filter((line) => line.lineId !== "B2001-2"),
    };
    const result = revalidate(action, removed);
    expect(codes(result)).toEqual(["LINE_MISSING", "POLICY_DENIES"]);
    expect(!result.ok && result.reasons[1]?.message).toBe(
      "We could not find that item on order B2001.",
    );
  });

  it("refuses a merchant-fault refund whose shipping was reimbursed since the quote", () => {
    const action = approvedAction(orders.samB2001, "B2001-1", "damaged", "chat");
    expect(action.quote.shippingRefundCents).toBe(600);
    const shippingGone = { ...orders.samB2001, shippingAlreadyRefunded: true };
    expect(codes(revalidate(action, shippingGone))).toEqual([
      "SHIPPING_ALREADY_REFUNDED",
      "QUOTE_CHANGED",
    ]);
  });

  it("refuses a snapshot edited after hashing", () => {
    const action = approvedAction(orders.samB2001, "B2001-2", "too_small", "chat");
    const edited = { ...action, quote: { ...action.quote, refundTarget: "Visa •9999" } };
    expect(codes(revalidate(edited, orders.samB2001))).toEqual(["QUOTE_CHANGED"]);
  });

  it("keeps the quote's own gates when its policy version is rerun (not retroactive)", () => {
    const action = approvedAction(orders.samB2001, "B2001-2", "too_small", "chat");
    expect(action.approvedBy).toBeNull();
    expect(revalidate(action, orders.samB2001)).toEqual({ ok: true });
  });

  it("refuses to rerun a quote under a policy version other than its own", () => {
    const action = approvedAction(orders.samB2001, "B2001-2", "too_small", "chat");
    const v2 = { ...POLICY_V1, version: "refund-policy/v2" };
    expect(() => revalidate(action, orders.samB2001, { policy: v2 })).toThrow(DomainError);
  });
});

describe("revalidateForConfirmation", () => {
  const jacketAndSocks = (() => {
    const decision = evaluateRefund({
      order: orders.samB2001,
      selectedLineIds: ["B2001-1", "B2001-2"],
      reason: "too_large",
      channel: "chat",
      now: T0,
      policy: POLICY_V1,
    });
    if (decision.kind !== "quote") throw new Error("fixture must quote");
    return createPendingAction({
      id: "pa_both",
      customerId: orders.samB2001.customerId,
      conversationId: "conv_1",
      channel: "chat",
      quote: decision.quote,
      gates: decision.gates,
      now: T0,
      actor: { type: "agent" },
      policy: POLICY_V1,
    }).action;
  })();
  const taking = (order: OrderFacts, lineId: string): OrderFacts => ({
    ...order,
    lines: order.lines.map((line) =>
      line.lineId === lineId ? { ...line, refundedQuantity: line.quantity } : line,
    ),
  });
  const check = (refunded: OrderFacts, claimed: OrderFacts = refunded) =>
    revalidateForConfirmation({
      action: jacketAndSocks,
      refunded,
      claimed,
      policy: POLICY_V1,
      orderPin: null,
    });

  it("holds while nothing on the order changed", () => {
    expect(check(orders.samB2001)).toEqual({ ok: true });
  });

  it("names a line refunded since the quote, in words the customer reads", () => {
    const result = check(taking(orders.samB2001, "B2001-2"));
    expect(result).toEqual({
      ok: false,
      reasons: [
        {
          code: "LINE_ALREADY_REFUNDED",
          message: "Wool socks has already been refunded.",
          params: { item: "Wool socks" },
        },
      ],
    });
  });

  it("names a line another agreed refund is taking, apart from the ledger's refunds", () => {
    const result = check(orders.samB2001, taking(orders.samB2001, "B2001-1"));
    expect(result.ok ? [] : result.reasons.map((reason) => reason.code)).toEqual([
      "LINE_IN_FLIGHT",
    ]);
  });

  it("refuses a quote that needs shipping back once shipping is taken", () => {
    const damaged = approvedAction(orders.samB2001, "B2001-2", "damaged", "chat");
    const result = revalidateForConfirmation({
      action: damaged,
      refunded: orders.samB2001,
      claimed: { ...orders.samB2001, shippingAlreadyRefunded: true },
      policy: POLICY_V1,
      orderPin: null,
    });
    expect(result.ok ? [] : result.reasons.map((reason) => reason.code)).toEqual([
      "SHIPPING_ALREADY_REFUNDED",
    ]);
  });

  it("refuses a quote whose hash the policy no longer gives, not one an unrelated change leaves alone", () => {
    const result = check({ ...orders.samB2001, shippingCents: orders.samB2001.shippingCents + 1 });
    const tampered = revalidateForConfirmation({
      action: { ...jacketAndSocks, quoteHash: "0".repeat(64) },
      refunded: orders.samB2001,
      claimed: orders.samB2001,
      policy: POLICY_V1,
      orderPin: null,
    });
    expect(result).toEqual({ ok: true });
    expect(tampered.ok ? [] : tampered.reasons.map((reason) => reason.code)).toEqual([
      "QUOTE_CHANGED",
    ]);
  });
});

describe("the order a quote is pinned to", () => {
  const quoted = orders.samB2001;
  // Pinned over every line of the order, so that each kind of change below is one the pin covers.
  const lineIds = quoted.lines.map((line) => line.lineId);
  const pinOf = (now: OrderFacts, fromStore = true): OrderPin => ({
    pinned: fingerprintOrder(quoted, lineIds),
    current: fingerprintOrder(now, lineIds),
    fromStore,
  });
  const later = new Date(quoted.deliveredAt?.getTime() ?? T0.getTime());
  later.setUTCDate(later.getUTCDate() + 1);
  const redelivered: OrderFacts = { ...quoted, deliveredAt: later };

  it("refuses execution when the delivery date moved, though the quote itself would not change", () => {
    const action = approvedAction(quoted, "B2001-1", "too_large", "chat");
    expect(revalidate(action, redelivered)).toEqual({ ok: true });
    const result = revalidate(action, redelivered, { pin: pinOf(redelivered) });
    expect(result).toEqual({
      ok: false,
      reasons: [
        {
          code: "ORDER_CHANGED",
          message:
            "Order B2001 changed in the store since the quote was made: its delivery details changed.",
        },
      ],
    });
  });

  it("names every kind of change, first among the reasons, and says nothing of a store for an order kept here", () => {
    const action = approvedAction(quoted, "B2001-1", "too_large", "chat");
    const [first, ...rest] = quoted.lines;
    if (!first) throw new Error("fixture has lines");
    const changed: OrderFacts = {
      ...redelivered,
      lines: [{ ...first, refundedQuantity: first.quantity }, ...rest.slice(1)],
    };
    const result = revalidate(action, changed, { pin: pinOf(changed, false) });
    expect(result.ok ? [] : result.reasons[0]).toEqual({
      code: "ORDER_CHANGED",
      message:
        "Order B2001 changed since the quote was made: its items, its refunds and its delivery details changed.",
    });
    expect(codes(result)).toContain("LINE_ALREADY_REFUNDED");
  });

  it("passes when the fingerprint is the same, and keeps today's checks for an unpinned action", () => {
    const action = approvedAction(quoted, "B2001-1", "too_large", "chat");
    expect(revalidate(action, quoted, { pin: pinOf(quoted) })).toEqual({ ok: true });
    const unpinned = {
      pinned: null,
      current: fingerprintOrder(redelivered, lineIds),
      fromStore: true,
    };
    expect(revalidate(action, redelivered, { pin: unpinned })).toEqual({ ok: true });
    expect(checkOrderPin("B2001", unpinned)).toBeNull();
  });

  it("does not void an agreed quote when the store only renames things", () => {
    const action = approvedAction(quoted, "B2001-1", "too_large", "chat");
    const renamed: OrderFacts = {
      ...quoted,
      orderNumber: "#B2001",
      paymentMethodLabel: "Visa ending 4242",
      lines: quoted.lines.map((line) => ({ ...line, name: `${line.name} (2026 edition)` })),
    };
    expect(revalidate(action, renamed, { pin: pinOf(renamed) })).toEqual({ ok: true });
    expect(
      revalidateForConfirmation({
        action,
        refunded: renamed,
        claimed: renamed,
        policy: POLICY_V1,
        orderPin: pinOf(renamed),
      }),
    ).toEqual({ ok: true });
    const repriced: OrderFacts = {
      ...renamed,
      lines: renamed.lines.map((line) =>
        line.lineId === "B2001-1" ? { ...line, unitPriceCents: line.unitPriceCents - 1 } : line,
      ),
    };
    expect(codes(revalidate(action, repriced))).toEqual(["QUOTE_CHANGED"]);
  });

  it("at confirmation, is the reason only when no line or shipping check already says what moved", () => {
    const action = approvedAction(quoted, "B2001-1", "too_large", "chat");
    const confirm = (refunded: OrderFacts) =>
      revalidateForConfirmation({
        action,
        refunded,
        claimed: refunded,
        policy: POLICY_V1,
        orderPin: pinOf(refunded),
      });
    expect(confirm(quoted)).toEqual({ ok: true });
    const moved = confirm(redelivered);
    expect(moved.ok ? [] : moved.reasons.map((reason) => reason.code)).toEqual(["ORDER_CHANGED"]);
    const refunded: OrderFacts = {
      ...quoted,
      lines: quoted.lines.map((line) =>
        line.lineId === "B2001-1" ? { ...line, refundedQuantity: line.quantity } : line,
      ),
    };
    const taken = confirm(refunded);
    expect(taken.ok ? [] : taken.reasons.map((reason) => reason.code)).toEqual([
      "LINE_ALREADY_REFUNDED",
    ]);
  });
});
