import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeShopify,
  startFakeShopify,
} from "@/tests/support/fake-shopify/fake-shopify-server";
import { ownRefundNote } from "../own-refund-note";
import { SHOPIFY_API_VERSION } from "./shopify-admin-client";
import { createShopifyCommerceProvider } from "./shopify-commerce-provider";

/*
 * The store adapter against the fake Shopify Admin API, through Shopify's own client: how an
 * order reads, throttling, credentials, and the webhooks' signatures.
 */

let fake: FakeShopify;
let waits: number[];

beforeEach(async () => {
  fake = await startFakeShopify();
  waits = [];
});

afterEach(async () => {
  await fake.close();
});

function store(overrides: { accessToken?: string; clientSecret?: string; apiUrl?: string } = {}) {
  return createShopifyCommerceProvider({
    shopDomain: fake.shop.domain,
    accessToken: overrides.accessToken ?? fake.shop.accessToken,
    clientSecret: overrides.clientSecret ?? fake.shop.clientSecret,
    apiUrl: overrides.apiUrl ?? fake.apiUrl,
    timeoutMs: 3_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
}

describe("reading an order", () => {
  it("maps Maya's order: number, version, delivery, lines, money in cents, payment", async () => {
    const { orderId, lineIds } = fake.seedOrder();
    const order = await store().getOrder(orderId);
    const seeded = fake.order(orderId);
    expect(order).toEqual({
      externalId: orderId,
      number: seeded.name,
      version: seeded.updatedAt.toISOString(),
      customer: {
        externalId: expect.stringMatching(/^gid:\/\/shopify\/Customer\//),
        email: "maya@example.com",
        name: "Maya Chen",
      },
      currency: "USD",
      placedAt: seeded.createdAt,
      deliveredAt: seeded.fulfillments[0]?.deliveredAt,
      shippingCents: 0,
      paymentMethodLabel: "Visa •4242",
      paymentReference: orderId,
      lines: [
        {
          externalId: lineIds[0],
          sku: "KIT-POUR-01",
          name: "Glass pour-over coffee maker",
          category: "kitchen",
          quantity: 1,
          unitPriceCents: 4800,
          finalSale: false,
          opened: false,
        },
        {
          externalId: lineIds[1],
          sku: "KIT-MUG-02",
          name: "Stoneware mug",
          category: "kitchen",
          quantity: 2,
          unitPriceCents: 1200,
          finalSale: false,
          opened: false,
        },
      ],
      refunds: [],
    });
  });

  it("reads a zero-decimal currency in its own minor unit: ¥1,980 is 1980", async () => {
    const { orderId } = fake.seedOrder({
      currency: "JPY",
      shipping: "500",
      lines: [{ name: "Tenugui towel", unitPrice: "1980", quantity: 2, productType: "Home" }],
    });
    const order = await store().getOrder(orderId);
    expect(order).toMatchObject({
      currency: "JPY",
      shippingCents: 500,
      lines: [{ unitPriceCents: 1980, quantity: 2 }],
    });
  });

  it("follows the conventions: product type → category, the final-sale tag, the opened attribute", async () => {
    const { orderId } = fake.seedOrder({
      email: "priya@example.com",
      customerName: "Priya Natarajan",
      shipping: "9.95",
      lines: [
        {
          name: "Gift card",
          unitPrice: "50.00",
          productType: "Gift Card",
          tags: ["Final-Sale", "holiday"],
        },
        {
          name: "Wireless earbuds",
          unitPrice: "129.00",
          productType: "  Électronique & Audio ",
          customAttributes: [{ key: "opened", value: "true" }],
        },
        { name: "Mystery item", unitPrice: "1.00", productType: "" },
      ],
    });
    const order = await store().getOrder(orderId);
    expect(order?.shippingCents).toBe(995);
    expect(
      order?.lines.map(({ category, finalSale, opened }) => ({ category, finalSale, opened })),
    ).toEqual([
      { category: "gift_card", finalSale: true, opened: false },
      { category: "electronique_audio", finalSale: false, opened: true },
      { category: "general", finalSale: false, opened: false },
    ]);
  });

  it("an edit that removes a line and a refund in the admin: quantity drops for the edit only, the refund is listed", async () => {
    const { orderId, lineIds } = fake.seedOrder();
    const [coffeeMaker = "", mugs = ""] = lineIds;
    const before = await store().getOrder(orderId);
    fake.editOrder(orderId, { removeLine: coffeeMaker });
    const refundId = fake.refundInAdmin(orderId, {
      lines: [{ lineItemId: mugs, quantity: 1 }],
      note: "Chipped mug",
    });
    const after = await store().getOrder(orderId);
    expect(after?.version).not.toBe(before?.version);
    expect(after?.lines.map((line) => line.quantity)).toEqual([0, 2]);
    expect(after?.refunds).toEqual([
      {
        externalId: refundId,
        note: "Chipped mug",
        createdAt: expect.any(Date),
        lines: [{ lineExternalId: mugs, quantity: 1 }],
        shippingCents: 0,
      },
    ]);
  });

  it("a delivery set later moves deliveredAt; an undelivered order has none", async () => {
    const { orderId } = fake.seedOrder({ deliveredAt: null });
    expect((await store().getOrder(orderId))?.deliveredAt).toBeNull();
    const deliveredAt = new Date("2026-12-01T10:00:00.000Z");
    fake.editOrder(orderId, { deliveredAt });
    expect((await store().getOrder(orderId))?.deliveredAt).toEqual(deliveredAt);
  });

  it("names no payment card it does not have: the gateway instead", async () => {
    const { orderId } = fake.seedOrder({ card: null, gateway: "manual" });
    expect((await store().getOrder(orderId))?.paymentMethodLabel).toBe("manual");
  });

  it("an order the store does not have, or an id that is not an order, is null", async () => {
    expect(await store().getOrder("gid://shopify/Order/1")).toBeNull();
    expect(await store().getOrder("A1043")).toBeNull();
  });

  it("a refund Countersign made keeps its note, so the cache can tell it from the store's", async () => {
    const { orderId, lineIds } = fake.seedOrder();
    fake.refundInAdmin(orderId, {
      lines: [{ lineItemId: lineIds[0] ?? "", quantity: 1 }],
      note: ownRefundNote("pa_1"),
    });
    expect((await store().getOrder(orderId))?.refunds[0]?.note).toBe(ownRefundNote("pa_1"));
  });
});

describe("finding orders", () => {
  it("by the customer's email, newest first, at most the limit", async () => {
    const day = 24 * 60 * 60 * 1000;
    const older = fake.seedOrder({ placedAt: new Date(Date.now() - 20 * day) });
    const newer = fake.seedOrder({ placedAt: new Date(Date.now() - 2 * day) });
    const newest = fake.seedOrder({ placedAt: new Date(Date.now() - day) });
    fake.seedOrder({ email: "tom@example.com", customerName: "Tom Alvarez" });
    const found = await store().findOrdersByEmail(" Maya@Example.com ", { limit: 2 });
    expect(found.map((order) => order.externalId)).toEqual([newest.orderId, newer.orderId]);
    expect(found.map((order) => order.externalId)).not.toContain(older.orderId);
  });

  it("a guest checkout is found by the order's email, with no customer id", async () => {
    fake.seedOrder({ email: "guest@example.com", guest: true });
    const [order] = await store().findOrdersByEmail("guest@example.com", { limit: 5 });
    expect(order?.customer).toEqual({
      externalId: null,
      email: "guest@example.com",
      name: "guest@example.com",
    });
  });

  it("by number as the customer writes it, with or without #", async () => {
    const { orderId } = fake.seedOrder({ name: "#2001" });
    expect((await store().findOrderByNumber("2001"))?.externalId).toBe(orderId);
    expect((await store().findOrderByNumber(" #2001 "))?.externalId).toBe(orderId);
    expect(await store().findOrderByNumber("2002")).toBeNull();
  });
});

describe("throttling", () => {
  it("waits out THROTTLED answers for the time the cost bucket needs, then reads", async () => {
    const { orderId } = fake.seedOrder();
    fake.throttleNext(2, { as: "throttled", currentlyAvailable: 50, restoreRate: 100 });
    expect(await store().getOrder(orderId)).not.toBeNull();
    // The order query asks for 850 points; 50 are there and 100 come back a second.
    expect(waits).toEqual([8000, 8000]);
  });

  it("waits out a 429 for its Retry-After", async () => {
    const { orderId } = fake.seedOrder();
    fake.throttleNext(1, { as: "http_429", retryAfterSeconds: 2 });
    expect(await store().getOrder(orderId)).not.toBeNull();
    expect(waits).toEqual([2000]);
  });

  it("gives up after three retries: RATE_LIMITED with the wait Shopify asked for", async () => {
    const { orderId } = fake.seedOrder();
    fake.throttleNext(10, { as: "http_429", retryAfterSeconds: 1 });
    await expect(store().getOrder(orderId)).rejects.toMatchObject({
      name: "CommerceProviderError",
      code: "RATE_LIMITED",
      retryAfterMs: 1000,
    });
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(fake.operations()).toHaveLength(4);
  });

  it("does not wait longer than its limit: a long throttle is RATE_LIMITED at once", async () => {
    const { orderId } = fake.seedOrder();
    fake.throttleNext(1, { as: "http_429", retryAfterSeconds: 60 });
    await expect(store().getOrder(orderId)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      retryAfterMs: 60_000,
    });
    expect(waits).toEqual([]);
  });
});

describe("credentials and reachability", () => {
  it("a token Shopify refuses is AUTHENTICATION, and the token is in no message", async () => {
    const failure = await store({ accessToken: "shpat_wrong_9d1e" })
      .getOrder(fake.seedOrder().orderId)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "AUTHENTICATION" });
    expect(String((failure as Error).message)).not.toContain("9d1e");
  });

  it("a Shopify it cannot reach is UNAVAILABLE", async () => {
    const { orderId } = fake.seedOrder();
    const apiUrl = fake.apiUrl;
    await fake.close();
    await expect(store({ apiUrl }).getOrder(orderId)).rejects.toMatchObject({
      code: "UNAVAILABLE",
    });
    fake = await startFakeShopify();
  });

  it("sends every request to the pinned API version, naming the shop", async () => {
    expect(SHOPIFY_API_VERSION >= "2026-04").toBe(true);
    expect(await store().checkConnection()).toEqual({
      ok: true,
      mode: "test",
      accountLabel: `Countersign Demo (${fake.shop.domain})`,
    });
  });

  it("a live store is a live connection; a refused token says what to do", async () => {
    fake.addShop({
      domain: "live-shop.myshopify.com",
      accessToken: "shpat_live",
      clientSecret: "s",
      development: false,
    });
    const live = createShopifyCommerceProvider({
      shopDomain: "live-shop.myshopify.com",
      accessToken: "shpat_live",
      clientSecret: "s",
      apiUrl: fake.apiUrl,
    });
    expect(await live.checkConnection()).toMatchObject({ ok: true, mode: "live" });
    expect(await store({ accessToken: "shpat_wrong" }).checkConnection()).toMatchObject({
      ok: false,
      detail: expect.stringContaining("did not accept the access token"),
    });
  });
});

describe("webhooks", () => {
  it("orders/updated names the order to read again, with Shopify's event id and time", async () => {
    const { orderId } = fake.seedOrder();
    const delivery = fake.webhookDelivery("orders/updated", orderId, { eventId: "evt-1" });
    expect(await store().parseWebhook(delivery)).toEqual({
      eventId: "evt-1",
      topic: "orders/updated",
      occurredAt: new Date(delivery.headers.get("x-shopify-triggered-at") ?? ""),
      orderExternalId: orderId,
    });
  });

  it("refunds/create names the refunded order from its order_id", async () => {
    const { orderId, lineIds } = fake.seedOrder();
    const refundId = fake.refundInAdmin(orderId, {
      lines: [{ lineItemId: lineIds[0] ?? "", quantity: 1 }],
    });
    const notification = await store().parseWebhook(
      fake.webhookDelivery("refunds/create", refundId),
    );
    expect(notification).toMatchObject({ topic: "refunds/create", orderExternalId: orderId });
  });

  it("falls back to X-Shopify-Webhook-Id for the event id", async () => {
    const { orderId } = fake.seedOrder();
    const delivery = fake.webhookDelivery("orders/updated", orderId, { eventId: "wh-7" });
    delivery.headers.delete("x-shopify-event-id");
    expect((await store().parseWebhook(delivery)).eventId).toBe("wh-7");
  });

  it("rejects a tampered body, another app's secret, and a delivery with no signature", async () => {
    const { orderId } = fake.seedOrder();
    const delivery = fake.webhookDelivery("orders/updated", orderId);
    const tampered = { ...delivery, rawBody: delivery.rawBody.replace("maya@", "mallory@") };
    expect(tampered.rawBody).not.toBe(delivery.rawBody);
    await expect(store().parseWebhook(tampered)).rejects.toMatchObject({ code: "SIGNATURE" });
    await expect(
      store({ clientSecret: "another-app" }).parseWebhook(delivery),
    ).rejects.toMatchObject({
      code: "SIGNATURE",
    });
    const unsigned = new Headers(delivery.headers);
    unsigned.delete("x-shopify-hmac-sha256");
    await expect(
      store().parseWebhook({ rawBody: delivery.rawBody, headers: unsigned }),
    ).rejects.toMatchObject({
      code: "SIGNATURE",
    });
  });

  it("rejects a signed delivery from another shop than the connection's", async () => {
    fake.addShop({
      domain: "other.myshopify.com",
      accessToken: "t",
      clientSecret: fake.shop.clientSecret,
    });
    const { orderId } = fake.seedOrder({ shopDomain: "other.myshopify.com" });
    await expect(
      store().parseWebhook(fake.webhookDelivery("orders/updated", orderId)),
    ).rejects.toMatchObject({
      code: "SIGNATURE",
      message: expect.stringContaining("from other.myshopify.com"),
    });
  });

  it("sendWebhook posts the signed delivery with Shopify's headers", async () => {
    const { orderId } = fake.seedOrder();
    const received: { headers: Headers; rawBody: string }[] = [];
    const { createServer } = await import("node:http");
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === "string") headers.set(name, value);
        }
        received.push({ headers, rawBody: Buffer.concat(chunks).toString("utf8") });
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const address = receiver.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const response = await fake.sendWebhook(
        `http://127.0.0.1:${port}/api/stores/webhooks/conn_1`,
        "orders/updated",
        orderId,
      );
      expect(response.status).toBe(200);
      const [delivery] = received;
      expect(delivery?.headers.get("x-shopify-shop-domain")).toBe(fake.shop.domain);
      expect(
        await store().parseWebhook(delivery ?? { rawBody: "", headers: new Headers() }),
      ).toMatchObject({
        orderExternalId: orderId,
      });
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
