import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "@/tests/support/fake-stripe/fake-stripe-server";
import { parseStripeForm } from "@/tests/support/fake-stripe/form-body";

/*
 * The fake Stripe's wire format, read with plain HTTP: what the SDK relies on (and the adapter's
 * tests take for granted) is checked here once, byte-level, without the SDK in between.
 */

const SECRET_KEY = "sk_test_wire";
let fake: FakeStripe;

beforeEach(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: "whsec_wire" });
});

afterEach(async () => {
  await fake.close();
});

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${fake.apiUrl}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${SECRET_KEY}`,
      "content-type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body,
  });
}

describe("parseStripeForm", () => {
  it("reads nested keys and lists as the SDK writes them", () => {
    expect(
      parseStripeForm(
        "amount=100&metadata%5Bpending_action_id%5D=pa_1&expand%5B%5D=charge&expand%5B%5D=x",
      ),
    ).toEqual({
      amount: "100",
      metadata: { pending_action_id: "pa_1" },
      expand: { "0": "charge", "1": "x" },
    });
  });
});

describe("the fake Stripe on the wire", () => {
  it("answers a wrong key with 401 and Stripe's error shape", async () => {
    const response = await fetch(`${fake.apiUrl}/v1/balance`, {
      headers: { authorization: "Bearer sk_test_nope" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        type: "invalid_request_error",
        message: "Invalid API Key provided: sk_test_****nope",
      },
    });
  });

  it("replays the stored answer, errors included, with Idempotent-Replayed", async () => {
    const { paymentIntentId } = fake.createPayment({ amountCents: 100, currency: "usd" });
    const body = `payment_intent=${paymentIntentId}&amount=500`;
    const first = await post("/v1/refunds", body, { "idempotency-key": "k1" });
    expect(first.status).toBe(400);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstBody = await first.json();
    expect(firstBody).toMatchObject({
      error: { type: "invalid_request_error", code: "amount_too_large", param: "amount" },
    });
    const again = await post("/v1/refunds", body, { "idempotency-key": "k1" });
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(firstBody);
  });

  it("refuses another body under the same key with 400 idempotency_error, until the key is pruned", async () => {
    const { paymentIntentId } = fake.createPayment({ amountCents: 1000, currency: "usd" });
    expect(
      (
        await post("/v1/refunds", `payment_intent=${paymentIntentId}&amount=100`, {
          "idempotency-key": "k2",
        })
      ).status,
    ).toBe(200);
    const changed = await post("/v1/refunds", `payment_intent=${paymentIntentId}&amount=200`, {
      "idempotency-key": "k2",
    });
    expect(changed.status).toBe(400);
    expect(await changed.json()).toMatchObject({ error: { type: "idempotency_error" } });
    fake.advanceClock(24 * 60 * 60 * 1000 - 1);
    expect(
      (
        await post("/v1/refunds", `payment_intent=${paymentIntentId}&amount=200`, {
          "idempotency-key": "k2",
        })
      ).status,
    ).toBe(400);
    fake.advanceClock(1);
    const afterPruning = await post("/v1/refunds", `payment_intent=${paymentIntentId}&amount=200`, {
      "idempotency-key": "k2",
    });
    expect(afterPruning.status).toBe(200);
    expect(await afterPruning.json()).toMatchObject({ object: "refund", amount: 200 });
  });

  it("refuses a refund of a fully refunded charge with charge_already_refunded", async () => {
    const { chargeId } = fake.createPayment({ amountCents: 300, currency: "usd" });
    expect((await post("/v1/refunds", `charge=${chargeId}`)).status).toBe(200);
    const again = await post("/v1/refunds", `charge=${chargeId}&amount=1`);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { code: "charge_already_refunded" } });
  });

  it("a failed refund gives its money back to the charge, with a failure balance transaction", async () => {
    const { chargeId } = fake.createPayment({ amountCents: 300, currency: "usd" });
    const made = await (await post("/v1/refunds", `charge=${chargeId}`)).json();
    const failed = fake.updateRefund(made.id, {
      status: "failed",
      reason: "expired_or_canceled_card",
    });
    expect(failed).toMatchObject({
      failure_reason: "expired_or_canceled_card",
      failure_balance_transaction: expect.stringMatching(/^txn_/),
    });
    expect((await post("/v1/refunds", `charge=${chargeId}&amount=300`)).status).toBe(200);
    expect(() => fake.updateRefund(made.id, { status: "succeeded" })).toThrow(
      "never moves a refund from failed",
    );
  });
});
