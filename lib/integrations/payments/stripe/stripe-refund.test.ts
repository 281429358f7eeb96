import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { paymentTargetOf, providerRefundOf } from "./stripe-refund";

function refund(fields: Partial<Stripe.Refund>): Stripe.Refund {
  return {
    id: "re_1",
    object: "refund",
    amount: 4800,
    currency: "usd",
    status: "succeeded",
    metadata: { pending_action_id: "pa_1", quote_hash: "h1", conversation_id: "cv1" },
    ...fields,
  } as Stripe.Refund;
}

describe("providerRefundOf", () => {
  it("reads Stripe's refund in the seam's words", () => {
    expect(providerRefundOf(refund({}), false)).toEqual({
      providerRefundId: "re_1",
      status: "succeeded",
      statusReason: null,
      amountCents: 4800,
      currency: "USD",
      metadata: { pendingActionId: "pa_1", quoteHash: "h1", conversationId: "cv1" },
      reused: false,
    });
  });

  it.each([
    ["failed", { failure_reason: "lost_or_stolen_card" }, "lost_or_stolen_card"],
    ["canceled", { failure_reason: "unknown" }, "unknown"],
    ["pending", { pending_reason: "insufficient_funds" as const }, "insufficient_funds"],
    ["requires_action", { pending_reason: "processing" as const }, null],
    ["succeeded", { failure_reason: "stale" }, null],
  ])("a %s refund's reason", (status, fields, reason) => {
    expect(providerRefundOf(refund({ status, ...fields }), true).statusReason).toBe(reason);
  });

  it("reads a status it does not know as pending: not paid, not final", () => {
    expect(providerRefundOf(refund({ status: "some_new_state" }), true).status).toBe("pending");
    expect(providerRefundOf(refund({ status: null }), true).status).toBe("pending");
  });

  it("has no metadata for a refund made outside Countersign or with part of it", () => {
    expect(providerRefundOf(refund({ metadata: {} }), true).metadata).toBeNull();
    expect(
      providerRefundOf(refund({ metadata: { pending_action_id: "pa_1" } }), true).metadata,
    ).toBeNull();
  });
});

describe("paymentTargetOf", () => {
  it("names a PaymentIntent or a charge by its prefix, and nothing else", () => {
    expect(paymentTargetOf("pi_123")).toEqual({ payment_intent: "pi_123" });
    expect(paymentTargetOf("ch_123")).toEqual({ charge: "ch_123" });
    expect(paymentTargetOf("py_123")).toBeNull();
    expect(paymentTargetOf("order-123")).toBeNull();
  });
});
