import { randomBytes } from "node:crypto";
import { FakeStripeError, missing } from "./fake-stripe-errors";
import type { FormObject } from "./form-body";

/*
 * What the fake Stripe account holds: payments (a PaymentIntent and its charge), the refunds made
 * against them, and the events each change of a refund produced. Objects have Stripe's shape
 * closely enough for the official SDK and the adapter; times come from the fake's clock.
 */

export type FakeRefundStatus = "pending" | "requires_action" | "succeeded" | "failed" | "canceled";

export type FakeCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  created: number;
};

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: null;
  receipt_number: null;
  status: FakeRefundStatus;
  pending_reason?: string;
  failure_reason?: string;
  failure_balance_transaction?: string;
};

export type FakeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: FakeRefund | FakeCharge };
  /** Which refund the event is about, for finding it again (not part of Stripe's shape). */
  refundId: string;
};

function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

const UNSETTLED: FakeRefundStatus[] = ["failed", "canceled"];

const ALLOWED_MOVES: Record<FakeRefundStatus, FakeRefundStatus[]> = {
  pending: ["succeeded", "failed", "canceled", "requires_action"],
  requires_action: ["pending", "succeeded", "failed", "canceled"],
  succeeded: ["failed"],
  failed: [],
  canceled: [],
};

export class FakeStripeAccount {
  private readonly charges = new Map<string, FakeCharge>();
  private readonly chargeOfIntent = new Map<string, string>();
  private readonly refunds: FakeRefund[] = [];
  private readonly events: FakeEvent[] = [];

  constructor(private readonly nowSeconds: () => number) {}

  createPayment(
    amountCents: number,
    currency: string,
  ): { paymentIntentId: string; chargeId: string } {
    const paymentIntentId = stripeId("pi");
    const charge: FakeCharge = {
      id: stripeId("ch"),
      object: "charge",
      amount: amountCents,
      amount_refunded: 0,
      currency: currency.toLowerCase(),
      payment_intent: paymentIntentId,
      refunded: false,
      created: this.nowSeconds(),
    };
    this.charges.set(charge.id, charge);
    this.chargeOfIntent.set(paymentIntentId, charge.id);
    return { paymentIntentId, chargeId: charge.id };
  }

  paymentIntent(id: string): Record<string, unknown> {
    const charge = this.chargeFor({ payment_intent: id }, "id");
    return {
      id,
      object: "payment_intent",
      amount: charge.amount,
      currency: charge.currency,
      latest_charge: charge.id,
      status: "succeeded",
      created: charge.created,
    };
  }

  charge(id: string): FakeCharge {
    return this.chargeFor({ charge: id }, "id");
  }

  createRefund(params: FormObject, status: FakeRefundStatus): FakeRefund {
    const charge = this.chargeFor(params);
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0) {
      throw new FakeStripeError(
        400,
        "invalid_request_error",
        "Invalid positive integer",
        "parameter_invalid_integer",
        "amount",
      );
    }
    if (left === 0) {
      throw new FakeStripeError(
        400,
        "invalid_request_error",
        `Charge ${charge.id} has already been refunded.`,
        "charge_already_refunded",
      );
    }
    if (amount > left) {
      throw new FakeStripeError(
        400,
        "invalid_request_error",
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        "amount_too_large",
        "amount",
      );
    }
    const metadata = typeof params.metadata === "object" ? params.metadata : {};
    const refund: FakeRefund = {
      id: stripeId("re"),
      object: "refund",
      amount,
      balance_transaction: stripeId("txn"),
      charge: charge.id,
      created: this.nowSeconds(),
      currency: charge.currency,
      metadata: Object.fromEntries(
        Object.entries(metadata).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      ),
      payment_intent: charge.payment_intent,
      reason: null,
      receipt_number: null,
      status,
      ...(status === "pending" && { pending_reason: "processing" }),
    };
    this.refunds.push(refund);
    this.moveChargeRefunded(charge, amount);
    this.record("refund.created", refund);
    this.record("charge.refunded", refund, charge);
    return structuredClone(refund);
  }

  refund(id: string): FakeRefund {
    const refund = this.refunds.find((candidate) => candidate.id === id);
    if (!refund) throw missing("refund", id, "id");
    return structuredClone(refund);
  }

  /** The refunds of one payment, newest first, as Stripe lists them. */
  refundsOf(params: { payment_intent?: string; charge?: string }): FakeRefund[] {
    const charge = this.chargeFor(params);
    return this.refunds
      .filter((refund) => refund.charge === charge.id)
      .reverse()
      .map((refund) => structuredClone(refund));
  }

  updateRefund(id: string, change: { status: FakeRefundStatus; reason?: string }): FakeRefund {
    const refund = this.refunds.find((candidate) => candidate.id === id);
    if (!refund) throw new Error(`The fake holds no refund ${id}`);
    if (!ALLOWED_MOVES[refund.status].includes(change.status)) {
      throw new Error(`Stripe never moves a refund from ${refund.status} to ${change.status}`);
    }
    refund.status = change.status;
    delete refund.pending_reason;
    if (change.status === "pending" || change.status === "requires_action") {
      refund.pending_reason = change.reason ?? "processing";
    }
    if (UNSETTLED.includes(change.status)) {
      refund.failure_reason = change.reason ?? "unknown";
      refund.failure_balance_transaction = stripeId("txn");
      this.moveChargeRefunded(this.chargeFor({ charge: refund.charge }), -refund.amount);
    }
    this.record("refund.updated", refund);
    if (change.status === "failed") this.record("refund.failed", refund);
    return structuredClone(refund);
  }

  /** The latest event of that type about that refund. */
  latestEvent(type: string, refundId: string): FakeEvent {
    const event = this.events.findLast(
      (candidate) => candidate.type === type && candidate.refundId === refundId,
    );
    if (!event) throw new Error(`The fake sent no ${type} event about ${refundId}`);
    return event;
  }

  /** The charge a request names, by a parameter or (`asPathId`) by the id in its URL. */
  private chargeFor(
    params: { payment_intent?: unknown; charge?: unknown },
    asPathId?: "id",
  ): FakeCharge {
    if (typeof params.payment_intent === "string") {
      const chargeId = this.chargeOfIntent.get(params.payment_intent);
      const charge = chargeId ? this.charges.get(chargeId) : undefined;
      if (!charge)
        throw missing("payment_intent", params.payment_intent, asPathId ?? "payment_intent");
      return charge;
    }
    if (typeof params.charge === "string") {
      const charge = this.charges.get(params.charge);
      if (!charge) throw missing("charge", params.charge, asPathId ?? "charge");
      return charge;
    }
    throw new FakeStripeError(
      400,
      "invalid_request_error",
      "One of `charge` or `payment_intent` is required.",
      "parameter_missing",
    );
  }

  private moveChargeRefunded(charge: FakeCharge, amount: number): void {
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
  }

  private record(type: string, refund: FakeRefund, charge?: FakeCharge): void {
    this.events.push({
      id: stripeId("evt"),
      object: "event",
      api_version: "2025-01-01",
      created: this.nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(charge ?? refund) },
      refundId: refund.id,
    });
  }
}
