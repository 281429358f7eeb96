import type Stripe from "stripe";
import {
  PaymentProviderError,
  type RefundNotification,
  type WebhookDelivery,
} from "../payment-provider";
import { providerRefundOf } from "./stripe-refund";

/*
 * Stripe's webhook deliveries: verified with the SDK's own signature check, then read as a
 * notification about refunds. Only the refund events and `charge.refunded` carry refunds; any
 * other event the endpoint receives is acknowledged with none.
 */

/** Stripe's recommended window between signing and receiving, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed"]);

export function verifiedStripeEvent(
  stripe: Stripe,
  delivery: WebhookDelivery,
  webhookSecret: string,
  receivedAt: Date,
): Stripe.Event {
  const signature = delivery.headers.get("stripe-signature");
  if (!signature) {
    throw new PaymentProviderError(
      "WEBHOOK_REJECTED",
      "The delivery has no Stripe-Signature header",
    );
  }
  try {
    return stripe.webhooks.constructEvent(
      delivery.rawBody,
      signature,
      webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      receivedAt.getTime(),
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PaymentProviderError("WEBHOOK_REJECTED", `Stripe webhook did not verify: ${reason}`);
  }
}

/**
 * The refunds an event is about. A `charge.refunded` event carries the charge's refunds only
 * when they were expanded; otherwise `listChargeRefunds` asks Stripe for them.
 */
export async function notificationOf(
  event: Stripe.Event,
  listChargeRefunds: (chargeId: string) => Promise<Stripe.Refund[]>,
): Promise<RefundNotification> {
  const base = {
    eventId: event.id,
    eventType: event.type,
    occurredAt: new Date(event.created * 1000),
  };
  if (REFUND_EVENTS.has(event.type)) {
    return { ...base, refunds: [providerRefundOf(event.data.object as Stripe.Refund, true)] };
  }
  if (event.type === "charge.refunded") {
    const charge = event.data.object;
    const refunds = charge.refunds?.data ?? (await listChargeRefunds(charge.id));
    return { ...base, refunds: refunds.map((refund) => providerRefundOf(refund, true)) };
  }
  return { ...base, refunds: [] };
}
