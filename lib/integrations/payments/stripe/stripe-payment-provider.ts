import Stripe from "stripe";
import {
  type ConnectionCheck,
  type PaymentProvider,
  PaymentProviderError,
  type RefundRequest,
} from "../payment-provider";
import { callStripe, paymentProviderErrorOf } from "./stripe-errors";
import {
  paymentTargetOf,
  providerRefundOf,
  refundCreateParamsOf,
  type StripePaymentTarget,
} from "./stripe-refund";
import { notificationOf, verifiedStripeEvent } from "./stripe-webhook";

/*
 * Refunds through Stripe with the official SDK, with its retries off (`maxNetworkRetries: 0`): a
 * retry under the same key is only safe inside Stripe's idempotency window, and deciding that is
 * reconciliation's job, not the HTTP client's. (The SDK still repeats a request once, at once and
 * under the same key, when the connection is reset; that repeat can only get the first answer.)
 */

export type StripePaymentProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Another API address, e.g. `http://127.0.0.1:4242` for the tests' fake Stripe. */
  apiUrl?: string;
  /** The receiving time for the webhook timestamp window. */
  now?: () => Date;
  timeoutMs?: number;
};

/** Stripe keeps an idempotency key for at least 24 hours, then may prune it. */
export const STRIPE_IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

const DEFAULT_TIMEOUT_MS = 20_000;

function stripeClientFor(options: StripePaymentProviderOptions): Stripe {
  const address = options.apiUrl ? new URL(options.apiUrl) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 0,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    telemetry: false,
    ...(address && {
      host: address.hostname,
      port: address.port || (address.protocol === "http:" ? 80 : 443),
      protocol: address.protocol === "http:" ? "http" : "https",
    }),
  });
}

function modeOf(secretKey: string): "live" | "test" {
  return /^(sk|rk)_live_/.test(secretKey) ? "live" : "test";
}

function targetOf(request: Pick<RefundRequest, "paymentReference">): StripePaymentTarget {
  if (!request.paymentReference) {
    throw new PaymentProviderError("REFUSED", "The order has no Stripe payment to refund");
  }
  const target = paymentTargetOf(request.paymentReference);
  if (!target) {
    throw new PaymentProviderError(
      "REFUSED",
      `The order's payment ${request.paymentReference} is not a Stripe PaymentIntent (pi_…) or charge (ch_…)`,
    );
  }
  return target;
}

export function createStripePaymentProvider(
  options: StripePaymentProviderOptions,
): PaymentProvider {
  const stripe = stripeClientFor(options);
  const now = options.now ?? (() => new Date());

  /** The currency the order was paid in, so a refund in another one is refused before it is made. */
  async function paidCurrencyOf(target: StripePaymentTarget): Promise<string> {
    try {
      const payment =
        "payment_intent" in target
          ? await stripe.paymentIntents.retrieve(target.payment_intent)
          : await stripe.charges.retrieve(target.charge);
      return payment.currency.toUpperCase();
    } catch (error) {
      const mapped = paymentProviderErrorOf(error);
      if (mapped.code !== "NOT_FOUND") throw mapped;
      throw new PaymentProviderError(
        "REFUSED",
        `Stripe has no payment ${Object.values(target)[0]} to refund`,
      );
    }
  }

  async function refundsOf(target: StripePaymentTarget): Promise<Stripe.Refund[]> {
    return callStripe(() =>
      stripe.refunds.list({ ...target, limit: 100 }).autoPagingToArray({ limit: 10_000 }),
    );
  }

  return {
    name: "stripe",
    idempotencyWindowMs: STRIPE_IDEMPOTENCY_WINDOW_MS,

    async createRefund(request) {
      const target = targetOf(request);
      const paidIn = await paidCurrencyOf(target);
      if (paidIn !== request.currency.toUpperCase()) {
        throw new PaymentProviderError(
          "REFUSED",
          `The order was paid in ${paidIn}, and the refund is in ${request.currency.toUpperCase()}`,
        );
      }
      const response = await callStripe(() =>
        stripe.refunds.create(refundCreateParamsOf(request, target), {
          idempotencyKey: request.idempotencyKey,
        }),
      );
      const replayed = response.lastResponse.headers["idempotent-replayed"] === "true";
      return providerRefundOf(response, replayed);
    },

    async getRefund(providerRefundId) {
      return providerRefundOf(
        await callStripe(() => stripe.refunds.retrieve(providerRefundId)),
        true,
      );
    },

    async findRefund(request) {
      const refunds = await refundsOf(targetOf(request));
      // Stripe lists newest first; the action's refund is its oldest. A second one with the same
      // metadata can only come from a retry past the key's window, and is not the one to follow.
      const made = refunds.findLast(
        (refund) => refund.metadata?.pending_action_id === request.metadata.pendingActionId,
      );
      return made ? providerRefundOf(made, true) : null;
    },

    async parseWebhook(delivery) {
      const event = verifiedStripeEvent(stripe, delivery, options.webhookSecret, now());
      return notificationOf(event, (charge) => refundsOf({ charge }));
    },

    async checkConnection(): Promise<ConnectionCheck> {
      try {
        await stripe.balance.retrieve();
        return { ok: true, mode: modeOf(options.secretKey), accountLabel: null };
      } catch (error) {
        const mapped = paymentProviderErrorOf(error);
        if (mapped.code === "AUTHENTICATION") {
          return {
            ok: false,
            detail:
              "Stripe did not accept the secret key. Copy it again from the Stripe dashboard (Developers → API keys).",
          };
        }
        return { ok: false, detail: `Stripe could not be reached: ${mapped.message}` };
      }
    },
  };
}
