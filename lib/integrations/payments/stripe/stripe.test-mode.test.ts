import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createStripePaymentProvider } from "./stripe-payment-provider";

/*
 * The adapter against Stripe's real test mode, when STRIPE_TEST_SECRET_KEY holds a test key
 * (sk_test_… or rk_test_… with refunds and PaymentIntents write access); skipped otherwise.
 * It pays a PaymentIntent with Stripe's test card and refunds it, so the fake's answers are
 * checked against the real thing from time to time.
 */

const secretKey = process.env.STRIPE_TEST_SECRET_KEY ?? "";
const usable = /^(sk|rk)_test_/.test(secretKey);
const STRIPE_CALLS_MS = 60_000;

describe.skipIf(!usable)("Stripe test mode", () => {
  it(
    "refunds a paid PaymentIntent once under one key, and finds it by the action's metadata",
    async () => {
      const stripe = new Stripe(secretKey);
      const paid = await stripe.paymentIntents.create({
        amount: 2500,
        currency: "usd",
        payment_method: "pm_card_visa",
        confirm: true,
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      });
      expect(paid.status).toBe("succeeded");

      const provider = createStripePaymentProvider({ secretKey, webhookSecret: "whsec_unused" });
      const actionId = `pa_testmode_${randomUUID()}`;
      const request = {
        idempotencyKey: actionId,
        amountCents: 1200,
        currency: "USD",
        target: "Visa •4242",
        customerId: "c_testmode",
        orderId: "o_testmode",
        paymentReference: paid.id,
        lines: [],
        shippingCents: 0,
        metadata: {
          pendingActionId: actionId,
          quoteHash: "testmode",
          conversationId: "cv_testmode",
        },
      };
      const first = await provider.createRefund(request);
      expect(first).toMatchObject({ amountCents: 1200, currency: "USD", reused: false });
      expect(["succeeded", "pending"]).toContain(first.status);

      const again = await provider.createRefund(request);
      expect(again).toMatchObject({ providerRefundId: first.providerRefundId, reused: true });
      await expect(provider.createRefund({ ...request, amountCents: 1300 })).rejects.toMatchObject({
        code: "IDEMPOTENCY_KEY_REUSED",
      });

      expect(await provider.findRefund(request)).toMatchObject({
        providerRefundId: first.providerRefundId,
        metadata: request.metadata,
      });
      expect(await provider.getRefund(first.providerRefundId)).toMatchObject({ amountCents: 1200 });
      expect(await provider.checkConnection()).toMatchObject({ ok: true, mode: "test" });
    },
    STRIPE_CALLS_MS,
  );
});
