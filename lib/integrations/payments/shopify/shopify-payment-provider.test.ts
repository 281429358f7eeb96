import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ownRefundNote } from "@/lib/integrations/commerce/own-refund-note";
import type { RefundRequest } from "@/lib/integrations/payments/payment-provider";
import {
  type FakeShopify,
  startFakeShopify,
} from "@/tests/support/fake-shopify/fake-shopify-server";
import { shopifyWebhookHmac } from "@/tests/support/fake-shopify/webhook-signing";
import { createShopifyPaymentProvider } from "./shopify-payment-provider";

/*
 * What only the Shopify payment adapter does, against the fake Shopify Admin API; what every
 * provider does is in the contract suite (shopify.contract.test.ts).
 */

let fake: FakeShopify;

beforeEach(async () => {
  fake = await startFakeShopify();
});

afterEach(async () => {
  await fake.close();
});

function shopify(secretKey = fake.shop.accessToken) {
  return createShopifyPaymentProvider({
    secretKey,
    webhookSecret: fake.shop.clientSecret,
    shopDomain: fake.shop.domain,
    apiUrl: fake.apiUrl,
    timeoutMs: 3_000,
    sleep: async () => {},
  });
}

function refundRequest(
  paymentReference: string | null,
  fields: Partial<RefundRequest> = {},
): RefundRequest {
  return {
    idempotencyKey: "pa_maya",
    amountCents: 4800,
    currency: "USD",
    target: "Visa •4242",
    customerId: "c1",
    orderId: "o1",
    paymentReference,
    lines: [],
    shippingCents: 0,
    metadata: { pendingActionId: "pa_maya", quoteHash: "h1", conversationId: "cv1" },
    ...fields,
  };
}

describe("creating a refund", () => {
  it("refunds Maya's coffee maker: its line, the amount against the sale, Countersign's note, no restock", async () => {
    const { orderId, lineIds, saleTransactionId } = fake.seedOrder();
    const coffeeMaker = lineIds[0] ?? "";
    const made = await shopify().createRefund(
      refundRequest(orderId, { lines: [{ externalId: coffeeMaker, quantity: 1 }] }),
    );
    expect(made).toEqual({
      providerRefundId: expect.stringMatching(/^gid:\/\/shopify\/Refund\//),
      status: "succeeded",
      statusReason: null,
      amountCents: 4800,
      currency: "USD",
      metadata: { pendingActionId: "pa_maya", quoteHash: "h1", conversationId: "cv1" },
      reused: false,
    });
    const refund = fake.refund(made.providerRefundId);
    expect(refund).toMatchObject({
      note: ownRefundNote("pa_maya", { quoteHash: "h1", conversationId: "cv1" }),
      lines: [{ lineItemId: coffeeMaker, quantity: 1, restockType: "NO_RESTOCK" }],
      shippingUnits: 0,
      transactions: [
        {
          kind: "REFUND",
          parentId: saleTransactionId,
          gateway: "shopify_payments",
          amountUnits: 4800,
        },
      ],
    });
    expect(fake.order(orderId).lines[0]?.currentQuantity).toBe(0);
  });

  it("moves exactly the request's amount, net of fees, and refunds the shipping named", async () => {
    const { orderId, lineIds } = fake.seedOrder({
      shipping: "5.00",
      lines: [{ name: "Wool throw blanket", unitPrice: "64.00", productType: "Home" }],
    });
    const made = await shopify().createRefund(
      refundRequest(orderId, {
        amountCents: 6260,
        shippingCents: 500,
        lines: [{ externalId: lineIds[0] ?? null, quantity: 1 }],
      }),
    );
    expect(made.amountCents).toBe(6260);
    expect(fake.refund(made.providerRefundId)).toMatchObject({ shippingUnits: 500 });
  });

  it("refunds yen in yen's minor unit", async () => {
    const { orderId } = fake.seedOrder({
      currency: "JPY",
      lines: [{ name: "Tenugui towel", unitPrice: "1980", quantity: 2 }],
    });
    const made = await shopify().createRefund(
      refundRequest(orderId, { amountCents: 1980, currency: "JPY" }),
    );
    expect(made).toMatchObject({ amountCents: 1980, currency: "JPY" });
    expect(fake.refund(made.providerRefundId).transactions[0]?.amountUnits).toBe(1980);
  });

  it("Shopify's userErrors are REFUSED with its message, and nothing is made", async () => {
    const { orderId, lineIds } = fake.seedOrder();
    const request = refundRequest(orderId, {
      amountCents: 9999,
      lines: [{ externalId: lineIds[1] ?? null, quantity: 3 }],
    });
    await expect(shopify().createRefund(request)).rejects.toMatchObject({
      code: "REFUSED",
      message: expect.stringContaining("Quantity cannot refund more items"),
    });
    expect(fake.order(orderId).refunds).toEqual([]);
    expect(await shopify().findRefund(request)).toBeNull();
  });

  it("a refund in the store's admin leaves less to refund: over-refunding is REFUSED", async () => {
    const { orderId } = fake.seedOrder();
    fake.refundInAdmin(orderId, { amount: "50.00" });
    await expect(
      shopify().createRefund(refundRequest(orderId, { amountCents: 4800 })),
    ).rejects.toMatchObject({
      code: "REFUSED",
      message: expect.stringContaining("left on the payment"),
    });
  });

  it.each([
    [null, "The order has no Shopify order to refund"],
    ["pi_123", "is not a Shopify order"],
    ["gid://shopify/Order/1", "Shopify has no order"],
  ])("refuses a payment reference %s", async (reference, message) => {
    await expect(shopify().createRefund(refundRequest(reference))).rejects.toMatchObject({
      code: "REFUSED",
      message: expect.stringContaining(message),
    });
  });

  it("refuses a line with no Shopify line item and another currency, before calling refundCreate", async () => {
    const { orderId } = fake.seedOrder();
    await expect(
      shopify().createRefund(
        refundRequest(orderId, { lines: [{ externalId: null, quantity: 1 }] }),
      ),
    ).rejects.toMatchObject({
      code: "REFUSED",
      message: expect.stringContaining("no Shopify line item"),
    });
    await expect(
      shopify().createRefund(refundRequest(orderId, { currency: "EUR" })),
    ).rejects.toMatchObject({
      code: "REFUSED",
      message: "The order was paid in USD, and the refund is in EUR",
    });
    expect(fake.operations()).not.toContain("CountersignRefundCreate");
  });

  it("a 500 is OUTCOME_UNKNOWN and is not repeated", async () => {
    const { orderId } = fake.seedOrder();
    fake.failNextRefundCreate("http_500");
    await expect(shopify().createRefund(refundRequest(orderId))).rejects.toMatchObject({
      code: "OUTCOME_UNKNOWN",
    });
    expect(fake.operations().filter((name) => name === "CountersignRefundCreate")).toHaveLength(1);
  });

  it("an internal error after Shopify made the refund is OUTCOME_UNKNOWN, and the refund is found", async () => {
    const { orderId } = fake.seedOrder();
    const request = refundRequest(orderId);
    fake.failNextRefundCreate("internal_error_after_processing");
    await expect(shopify().createRefund(request)).rejects.toMatchObject({
      code: "OUTCOME_UNKNOWN",
    });
    const found = await shopify().findRefund(request);
    expect(found).toMatchObject({ amountCents: 4800, metadata: request.metadata });
    expect(await shopify().createRefund(request)).toMatchObject({
      providerRefundId: found?.providerRefundId,
      reused: true,
    });
  });

  it("a throttle it cannot wait out is OUTCOME_UNKNOWN: nothing was made, and the key is kept for the retry", async () => {
    const { orderId } = fake.seedOrder();
    const request = refundRequest(orderId);
    const payments = shopify();
    fake.throttleNext(4, { as: "http_429", retryAfterSeconds: 0, only: "CountersignRefundCreate" });
    await expect(payments.createRefund(request)).rejects.toMatchObject({ code: "OUTCOME_UNKNOWN" });
    expect(fake.operations().filter((name) => name === "CountersignRefundCreate")).toHaveLength(4);
    expect(await payments.findRefund(request)).toBeNull();
    expect(await payments.createRefund(request)).toMatchObject({
      reused: false,
      amountCents: 4800,
    });
  });

  it("a token Shopify refuses is AUTHENTICATION, and the token is in no message", async () => {
    const { orderId } = fake.seedOrder();
    const failure = await shopify("shpat_wrong_41c7")
      .createRefund(refundRequest(orderId))
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "AUTHENTICATION" });
    expect(String((failure as Error).message)).not.toContain("41c7");
  });

  it("the fake, like Shopify from 2026-04, refuses a refundCreate without @idempotent", async () => {
    const { orderId } = fake.seedOrder();
    const response = await fetch(`${fake.apiUrl}/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-shopify-access-token": fake.shop.accessToken,
        "x-countersign-shop-domain": fake.shop.domain,
      },
      body: JSON.stringify({
        query:
          "mutation CountersignRefundCreate($input: RefundInput!) { refundCreate(input: $input) { refund { id } userErrors { field message } } }",
        variables: { input: { orderId } },
      }),
    });
    expect(await response.json()).toMatchObject({
      data: { refundCreate: null },
      errors: [
        {
          message: "The @idempotent directive is required for this mutation but was not provided.",
          extensions: { code: "BAD_REQUEST" },
        },
      ],
    });
    expect(fake.order(orderId).refunds).toEqual([]);
  });
});

describe("finding and reading refunds", () => {
  it("finds the action's refund by its note, not a refund made in the admin", async () => {
    const { orderId } = fake.seedOrder();
    fake.refundInAdmin(orderId, { amount: "10.00", note: "Goodwill" });
    const request = refundRequest(orderId, { amountCents: 2000 });
    const made = await shopify().createRefund(request);
    expect(await shopify().findRefund(request)).toMatchObject({
      providerRefundId: made.providerRefundId,
    });
    expect(
      await shopify().findRefund({
        ...request,
        metadata: { ...request.metadata, pendingActionId: "pa_other" },
      }),
    ).toBeNull();
  });

  it("a refund made outside Countersign has no metadata; a failed one says why", async () => {
    const { orderId } = fake.seedOrder();
    const refundId = fake.refundInAdmin(orderId, { amount: "10.00", note: "Goodwill" });
    expect(await shopify().getRefund(refundId)).toMatchObject({
      metadata: null,
      status: "succeeded",
      amountCents: 1000,
    });
    fake.settleRefund(refundId, { status: "ERROR", errorCode: "PROCESSING_ERROR" });
    expect(await shopify().getRefund(refundId)).toMatchObject({
      status: "failed",
      statusReason: "processing_error",
    });
  });

  it("an unknown refund gid is NOT_FOUND", async () => {
    await expect(shopify().getRefund("gid://shopify/Refund/1")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("webhooks", () => {
  it("refunds/create carries the refund as Shopify saw it", async () => {
    const { orderId } = fake.seedOrder();
    fake.startRefundsAs("PENDING");
    const made = await shopify().createRefund(refundRequest(orderId));
    const notification = await shopify().parseWebhook(
      fake.webhookDelivery("refunds/create", made.providerRefundId),
    );
    expect(notification).toMatchObject({
      eventType: "refunds/create",
      refunds: [
        {
          providerRefundId: made.providerRefundId,
          status: "pending",
          amountCents: 4800,
          currency: "USD",
          metadata: { pendingActionId: "pa_maya", quoteHash: "h1", conversationId: "cv1" },
        },
      ],
    });
  });

  it("another topic carries no refunds, once its signature verifies", async () => {
    const { orderId } = fake.seedOrder();
    const delivery = fake.webhookDelivery("orders/updated", orderId, { eventId: "evt-9" });
    expect(await shopify().parseWebhook(delivery)).toMatchObject({
      eventId: "evt-9",
      eventType: "orders/updated",
      refunds: [],
    });
  });

  it("a delivery signed with another app's secret is WEBHOOK_REJECTED", async () => {
    const rawBody = JSON.stringify({
      admin_graphql_api_id: "gid://shopify/Refund/1",
      order_id: 1,
      transactions: [],
    });
    const headers = new Headers({
      "x-shopify-topic": "refunds/create",
      "x-shopify-event-id": "evt-1",
      "x-shopify-hmac-sha256": shopifyWebhookHmac(rawBody, "another-app"),
    });
    await expect(shopify().parseWebhook({ rawBody, headers })).rejects.toMatchObject({
      code: "WEBHOOK_REJECTED",
    });
  });
});
