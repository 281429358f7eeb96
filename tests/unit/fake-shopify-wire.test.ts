import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeShopify,
  startFakeShopify,
} from "@/tests/support/fake-shopify/fake-shopify-server";
import { IDEMPOTENCY_KEY_LIFETIME_MS } from "@/tests/support/fake-shopify/refund-create";
import { shopifyWebhookHmac } from "@/tests/support/fake-shopify/webhook-signing";

/*
 * The fake Shopify Admin API's wire format, read with plain HTTP: what Shopify's client relies on
 * (and the adapters' tests take for granted) is checked here once, without the client in between.
 */

let fake: FakeShopify;

beforeEach(async () => {
  fake = await startFakeShopify();
});

afterEach(async () => {
  await fake.close();
});

function graphql(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return fetch(`${fake.apiUrl}/admin/api/2026-10/graphql.json`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-shopify-access-token": fake.shop.accessToken,
      "x-countersign-shop-domain": fake.shop.domain,
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
}

const REFUND_CREATE = `mutation CountersignRefundCreate($input: RefundInput!, $key: String!) {
  refundCreate(input: $input) @idempotent(key: $key) { refund { id } userErrors { field message } }
}`;

function refundInput(orderId: string, saleId: string, amount: string) {
  return {
    orderId,
    note: "n",
    transactions: [
      { orderId, parentId: saleId, gateway: "shopify_payments", kind: "REFUND", amount },
    ],
  };
}

describe("the fake Shopify on the wire", () => {
  it("answers a wrong token, or a shop it does not hold, with 401 and Shopify's error body", async () => {
    const refused: Record<string, string>[] = [
      { "x-shopify-access-token": "shpat_nope" },
      { "x-countersign-shop-domain": "other.myshopify.com" },
    ];
    for (const headers of refused) {
      const response = await graphql("query CountersignShop { shop { name } }", {}, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
      });
    }
  });

  it("puts the cost extension on every answer", async () => {
    const response = await graphql("query CountersignShop { shop { name } }");
    expect(await response.json()).toEqual({
      data: {
        shop: {
          name: "Countersign Demo",
          myshopifyDomain: fake.shop.domain,
          plan: { partnerDevelopment: true },
        },
      },
      extensions: {
        cost: {
          requestedQueryCost: 1,
          actualQueryCost: 1,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1999, restoreRate: 100 },
        },
      },
    });
  });

  it("throttles as Shopify does: a THROTTLED error in a 200, or a 429 with Retry-After", async () => {
    fake.throttleNext(1, { as: "throttled", currentlyAvailable: 3, restoreRate: 50 });
    const throttled = await graphql("query CountersignShop { shop { name } }");
    expect(throttled.status).toBe(200);
    expect(await throttled.json()).toMatchObject({
      errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
      extensions: {
        cost: {
          requestedQueryCost: 1,
          actualQueryCost: null,
          throttleStatus: { currentlyAvailable: 3, restoreRate: 50 },
        },
      },
    });
    fake.throttleNext(1, { as: "http_429", retryAfterSeconds: 2 });
    const limited = await graphql("query CountersignShop { shop { name } }");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("2");
    expect((await graphql("query CountersignShop { shop { name } }")).status).toBe(200);
  });

  it("writes money as Shopify's Decimal: 48.0, 59.99, 1980.0", async () => {
    const { orderId } = fake.seedOrder({
      lines: [
        { name: "a", unitPrice: "48.00" },
        { name: "b", unitPrice: "59.99" },
      ],
    });
    const yen = fake.seedOrder({ currency: "JPY", lines: [{ name: "c", unitPrice: "1980" }] });
    const read = async (id: string) =>
      (
        await (
          await graphql("query CountersignOrder($id: ID!) { order(id: $id) { id } }", { id })
        ).json()
      ).data.order;
    const usd = await read(orderId);
    expect(
      usd.lineItems.nodes.map(
        (line: { discountedUnitPriceAfterAllDiscountsSet: { shopMoney: { amount: string } } }) =>
          line.discountedUnitPriceAfterAllDiscountsSet.shopMoney.amount,
      ),
    ).toEqual(["48.0", "59.99"]);
    expect((await read(yen.orderId)).transactions[0].amountSet.shopMoney).toEqual({
      amount: "1980.0",
      currencyCode: "JPY",
    });
  });

  it("answers the same key and input with the same refund, other input with the idempotency error, until the key is forgotten", async () => {
    const { orderId, saleTransactionId } = fake.seedOrder();
    const input = refundInput(orderId, saleTransactionId, "10.00");
    const first = await (await graphql(REFUND_CREATE, { input, key: "k1" })).json();
    const refundId = first.data.refundCreate.refund.id;
    expect(first.data.refundCreate.userErrors).toEqual([]);
    const again = await (await graphql(REFUND_CREATE, { input, key: "k1" })).json();
    expect(again.data.refundCreate.refund.id).toBe(refundId);
    const other = await (
      await graphql(REFUND_CREATE, {
        input: refundInput(orderId, saleTransactionId, "11.00"),
        key: "k1",
      })
    ).json();
    expect(other.data.refundCreate).toEqual({
      refund: null,
      userErrors: [
        {
          field: null,
          message: "The same idempotency key cannot be used with different operation parameters.",
        },
      ],
    });
    fake.advanceClock(IDEMPOTENCY_KEY_LIFETIME_MS);
    const later = await (await graphql(REFUND_CREATE, { input, key: "k1" })).json();
    expect(later.data.refundCreate.refund.id).not.toBe(refundId);
    expect(fake.order(orderId).refunds).toHaveLength(2);
  });

  it("moves the order's updatedAt when a refund is made", async () => {
    const { orderId, saleTransactionId } = fake.seedOrder();
    const before = fake.order(orderId).updatedAt;
    await graphql(REFUND_CREATE, {
      input: refundInput(orderId, saleTransactionId, "1.00"),
      key: "k2",
    });
    expect(fake.order(orderId).updatedAt.getTime()).toBeGreaterThan(before.getTime());
  });

  it("refuses an operation it does not know, as an unknown field would be at Shopify", async () => {
    const response = await graphql("query SomethingElse { products(first: 1) { nodes { id } } }");
    expect(await response.json()).toMatchObject({
      data: null,
      errors: [{ message: expect.stringContaining("SomethingElse") }],
    });
  });

  it("signs webhooks with the shop's client secret over the exact body", () => {
    const { orderId } = fake.seedOrder();
    const delivery = fake.webhookDelivery("orders/updated", orderId);
    expect(delivery.headers.get("x-shopify-hmac-sha256")).toBe(
      shopifyWebhookHmac(delivery.rawBody, fake.shop.clientSecret),
    );
    expect(JSON.parse(delivery.rawBody)).toMatchObject({ admin_graphql_api_id: orderId });
    expect(delivery.headers.get("x-shopify-topic")).toBe("orders/updated");
    expect(delivery.headers.get("x-shopify-event-id")).toBeTruthy();
  });
});
