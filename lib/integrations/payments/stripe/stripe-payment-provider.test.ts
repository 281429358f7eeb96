import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RefundRequest } from "@/lib/integrations/payments/payment-provider";
import { type FakeStripe, startFakeStripe } from "@/tests/support/fake-stripe/fake-stripe-server";
import { stripeSignatureHeader } from "@/tests/support/fake-stripe/webhook-signing";
import { createStripePaymentProvider } from "./stripe-payment-provider";

/*
 * What only the Stripe adapter does, against the fake Stripe through the official SDK; what every
 * provider does is in the contract suite (stripe.contract.test.ts).
 */

const SECRET_KEY = "sk_test_adapter_4f9c1e";
const WEBHOOK_SECRET = "whsec_adapter";
let fake: FakeStripe;

beforeEach(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
});

afterEach(async () => {
  await fake.close();
});

function stripe(secretKey = SECRET_KEY) {
  return createStripePaymentProvider({
    secretKey,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.apiUrl,
    timeoutMs: 3_000,
  });
}

function refundRequest(
  paymentReference: string | null,
  fields: Partial<RefundRequest> = {},
): RefundRequest {
  return {
    idempotencyKey: "pa_adapter",
    amountCents: 4800,
    currency: "USD",
    target: "Visa •4242",
    customerId: "c1",
    orderId: "o1",
    paymentReference,
    lines: [],
    shippingCents: 0,
    metadata: { pendingActionId: "pa_adapter", quoteHash: "h1", conversationId: "cv1" },
    ...fields,
  };
}

describe("creating a refund", () => {
  it("refuses an order with no Stripe payment, in words a support lead understands", async () => {
    await expect(stripe().createRefund(refundRequest(null))).rejects.toMatchObject({
      code: "REFUSED",
      message: "The order has no Stripe payment to refund",
    });
  });

  it("refunds a charge as well as a PaymentIntent, with the action's metadata at Stripe", async () => {
    const { chargeId } = fake.createPayment({ amountCents: 9600, currency: "usd" });
    const made = await stripe().createRefund(refundRequest(chargeId));
    expect(fake.refund(made.providerRefundId)).toMatchObject({
      charge: chargeId,
      amount: 4800,
      metadata: { pending_action_id: "pa_adapter", quote_hash: "h1", conversation_id: "cv1" },
    });
  });

  it("refuses a refund in another currency than the payment's, and makes none", async () => {
    const { paymentIntentId } = fake.createPayment({ amountCents: 9600, currency: "eur" });
    const request = refundRequest(paymentIntentId);
    await expect(stripe().createRefund(request)).rejects.toMatchObject({
      code: "REFUSED",
      message: "The order was paid in EUR, and the refund is in USD",
    });
    expect(await stripe().findRefund(request)).toBeNull();
  });

  it("refuses a payment Stripe does not hold", async () => {
    await expect(stripe().createRefund(refundRequest("pi_missing"))).rejects.toMatchObject({
      code: "REFUSED",
    });
  });

  it("refuses more than is left on the payment, and replays that refusal under the same key", async () => {
    const { paymentIntentId } = fake.createPayment({ amountCents: 4000, currency: "usd" });
    const request = refundRequest(paymentIntentId);
    await expect(stripe().createRefund(request)).rejects.toMatchObject({ code: "REFUSED" });
    await expect(stripe().createRefund(request)).rejects.toMatchObject({
      code: "REFUSED",
      message: expect.stringContaining("greater than unrefunded amount"),
    });
  });

  it("reads a 500 as an unknown outcome, and Stripe replays it under the same key", async () => {
    const { paymentIntentId } = fake.createPayment({ amountCents: 9600, currency: "usd" });
    const request = refundRequest(paymentIntentId);
    fake.failNextCreate("http_500");
    await expect(stripe().createRefund(request)).rejects.toMatchObject({ code: "OUTCOME_UNKNOWN" });
    await expect(stripe().createRefund(request)).rejects.toMatchObject({ code: "OUTCOME_UNKNOWN" });
    expect(await stripe().findRefund(request)).toBeNull();
  });

  it("a connection reset after Stripe made the refund: the SDK's one retry under the same key answers it", async () => {
    const { paymentIntentId } = fake.createPayment({ amountCents: 9600, currency: "usd" });
    const request = refundRequest(paymentIntentId);
    fake.failNextCreate("connection_reset_after_processing");
    const answered = await stripe().createRefund(request);
    expect(answered.reused).toBe(true);
    expect(await stripe().findRefund(request)).toMatchObject({
      providerRefundId: answered.providerRefundId,
    });
  });

  it("a key Stripe does not accept is AUTHENTICATION, and the key is in no message", async () => {
    const wrongKey = "sk_test_wrong_73ad0b";
    const { paymentIntentId } = fake.createPayment({ amountCents: 9600, currency: "usd" });
    const failure = await stripe(wrongKey)
      .createRefund(refundRequest(paymentIntentId))
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "AUTHENTICATION" });
    // Stripe's own message quotes the key's last four characters; ours quotes none of it.
    expect(String((failure as Error).message)).not.toContain(wrongKey.slice(-4));
  });
});

describe("finding a refund", () => {
  it("pages through every refund of the payment", async () => {
    const { paymentIntentId } = fake.createPayment({ amountCents: 20_000, currency: "usd" });
    const payments = stripe();
    for (let index = 0; index < 101; index += 1) {
      const metadata = { pendingActionId: `pa_${index}`, quoteHash: "h", conversationId: "cv" };
      await payments.createRefund(
        refundRequest(paymentIntentId, { idempotencyKey: `k_${index}`, amountCents: 1, metadata }),
      );
    }
    // The oldest is on the second page: Stripe lists newest first, 100 at most a page.
    const oldest = { pendingActionId: "pa_0", quoteHash: "h", conversationId: "cv" };
    expect(
      await payments.findRefund(refundRequest(paymentIntentId, { metadata: oldest })),
    ).toMatchObject({
      metadata: oldest,
    });
  });
});

describe("webhooks", () => {
  it("charge.refunded without the refunds in it: they are listed for that charge", async () => {
    const { paymentIntentId } = fake.createPayment({ amountCents: 9600, currency: "usd" });
    const payments = stripe();
    const first = await payments.createRefund(
      refundRequest(paymentIntentId, { amountCents: 1000 }),
    );
    const second = await payments.createRefund(
      refundRequest(paymentIntentId, { idempotencyKey: "pa_second", amountCents: 2000 }),
    );
    const notification = await payments.parseWebhook(
      fake.webhookDelivery("charge.refunded", second.providerRefundId),
    );
    expect(notification.eventType).toBe("charge.refunded");
    expect(notification.refunds.map((refund) => refund.providerRefundId).sort()).toEqual(
      [first.providerRefundId, second.providerRefundId].sort(),
    );
  });

  it("an event about something else carries no refunds", async () => {
    const rawBody = JSON.stringify({
      id: "evt_other",
      object: "event",
      type: "customer.created",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "cus_1", object: "customer" } },
    });
    const headers = new Headers({
      "stripe-signature": stripeSignatureHeader(
        rawBody,
        WEBHOOK_SECRET,
        Math.floor(Date.now() / 1000),
      ),
    });
    expect(await stripe().parseWebhook({ rawBody, headers })).toMatchObject({
      eventId: "evt_other",
      eventType: "customer.created",
      refunds: [],
    });
  });

  it("a delivery signed with another secret is WEBHOOK_REJECTED", async () => {
    const { paymentIntentId } = fake.createPayment({ amountCents: 9600, currency: "usd" });
    const made = await stripe().createRefund(refundRequest(paymentIntentId));
    const delivery = fake.webhookDelivery("refund.created", made.providerRefundId);
    const other = createStripePaymentProvider({
      secretKey: SECRET_KEY,
      webhookSecret: "whsec_other",
      apiUrl: fake.apiUrl,
    });
    await expect(other.parseWebhook(delivery)).rejects.toMatchObject({ code: "WEBHOOK_REJECTED" });
  });
});

describe("checking the connection", () => {
  it("a test key that works is a test-mode connection", async () => {
    expect(await stripe().checkConnection()).toEqual({
      ok: true,
      mode: "test",
      accountLabel: null,
    });
  });

  it("a live key that works is a live connection", async () => {
    await fake.close();
    fake = await startFakeStripe({ secretKey: "sk_live_adapter", webhookSecret: WEBHOOK_SECRET });
    expect(await stripe("sk_live_adapter").checkConnection()).toMatchObject({
      ok: true,
      mode: "live",
    });
  });

  it("a key Stripe refuses says so in plain words, without the key", async () => {
    const check = await stripe("sk_test_wrong_73ad0b").checkConnection();
    expect(check).toMatchObject({
      ok: false,
      detail: expect.stringContaining("did not accept the secret key"),
    });
    expect(JSON.stringify(check)).not.toContain("ad0b");
  });

  it("a Stripe it cannot reach says so", async () => {
    const apiUrl = fake.apiUrl;
    await fake.close();
    const unreachable = createStripePaymentProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl,
    });
    expect(await unreachable.checkConnection()).toMatchObject({
      ok: false,
      detail: expect.stringContaining("could not be reached"),
    });
    fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  });
});
