import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { WebhookDelivery } from "@/lib/integrations/payments/payment-provider";
import { unitsOfInput } from "./fake-shopify-money";
import {
  type FakeOrder,
  type FakeRefund,
  FakeShop,
  type FakeShopSettings,
  type FakeTransactionStatus,
  gid,
} from "./fake-shopify-shop";
import { RefundCreator } from "./refund-create";
import { type OrderSeed, type SeededOrder, seedOrder } from "./seed-order";
import {
  answerOperation,
  type GraphQLRequest,
  operationNameOf,
  REQUESTED_COST,
} from "./shopify-operations";
import { orderWebhookBody, refundWebhookBody } from "./shopify-wire";
import { shopifyWebhookHmac } from "./webhook-signing";

/*
 * A stateful Shopify Admin API for tests, on 127.0.0.1 over real HTTP: Shopify's own client
 * (@shopify/admin-api-client) posts GraphQL to `/admin/api/<version>/graphql.json` with the
 * shop's access token, naming the shop in `X-Countersign-Shop-Domain` (the adapters' convention
 * for a test double). Every answer carries Shopify's cost extension; tests drive what Shopify does
 * next: throttling, a lost answer, an order edited or refunded in the store's admin, a signed
 * webhook. State is per instance.
 */

export type FakeShopifyFailure =
  /** The request is never processed or answered (the client times out). */
  | "timeout_before_processing"
  /** The refund is made and its key kept, and the answer never comes. */
  | "timeout_after_processing"
  /** Shopify answers HTTP 500 without processing. */
  | "http_500"
  /**
   * The refund is made, and the answer is a 200 with Shopify's INTERNAL_SERVER_ERROR GraphQL
   * error and no data.
   */
  | "internal_error_after_processing";

export type ThrottleOptions = {
  /** `throttled`: a 200 with a THROTTLED error and the cost extension; `http_429`: Retry-After. */
  as?: "throttled" | "http_429";
  retryAfterSeconds?: number;
  restoreRate?: number;
  currentlyAvailable?: number;
  /** Throttle only this operation (e.g. `CountersignRefundCreate`); any request by default. */
  only?: string;
};

export type OrderEdit = {
  /** An order edit that takes the whole line off (its currentQuantity drops to 0). */
  removeLine?: string;
  setQuantity?: { lineId: string; currentQuantity: number };
  /** The latest fulfillment's delivery time; null: not delivered. */
  deliveredAt?: Date | null;
};

export type AdminRefund = {
  lines?: { lineItemId: string; quantity: number }[];
  /** Decimal in the order's currency. */
  shipping?: string;
  /** The money returned; defaults to the lines' prices plus the shipping. */
  amount?: string;
  note?: string | null;
};

export type FakeShopify = {
  apiUrl: string;
  /** The shop every fake starts with. */
  shop: Required<Pick<FakeShopSettings, "domain" | "accessToken" | "clientSecret">>;
  addShop(settings: FakeShopSettings): void;
  /** An order in a shop (the default shop unless `shopDomain`); Maya's coffee maker by default. */
  seedOrder(seed?: OrderSeed & { shopDomain?: string }): SeededOrder;
  editOrder(orderId: string, edit: OrderEdit): void;
  /** A refund made in the store's admin, without Countersign's note. */
  refundInAdmin(orderId: string, refund: AdminRefund): string;
  throttleNext(count: number, options?: ThrottleOptions): void;
  failNextRefundCreate(failure: FakeShopifyFailure): void;
  /** How new refunds' transactions start: SUCCESS (default) or PENDING. */
  startRefundsAs(status: "SUCCESS" | "PENDING"): void;
  /** The gateway settles (or fails) a refund's transactions later. */
  settleRefund(
    refundId: string,
    change: { status: FakeTransactionStatus; errorCode?: string | null },
  ): void;
  order(orderId: string): FakeOrder;
  refund(refundId: string): FakeRefund;
  /** The GraphQL operations received so far, by name, in order. */
  operations(): string[];
  advanceClock(ms: number): void;
  /** A correctly signed delivery about an order (orders/*) or a refund (refunds/*). */
  webhookDelivery(topic: string, id: string, options?: { eventId?: string }): WebhookDelivery;
  sendWebhook(
    url: string,
    topic: string,
    id: string,
    options?: { eventId?: string },
  ): Promise<Response>;
  close(): Promise<void>;
};

export type FakeShopifyOptions = {
  /** A fixed port, for an app server told the URL before the fake starts (the browser tests). */
  port?: number;
  shop?: FakeShopSettings;
};

export const FAKE_SHOP: FakeShopSettings & { development: boolean } = {
  domain: "countersign-demo.myshopify.com",
  accessToken: "shpat_fake_0123456789abcdef",
  clientSecret: "shpss_fake_client_secret",
  name: "Countersign Demo",
  development: true,
};

const API_PATH = /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/;
const BUCKET = { maximumAvailable: 2000, restoreRate: 100 };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  response.end(JSON.stringify(body));
}

export async function startFakeShopify(options: FakeShopifyOptions = {}): Promise<FakeShopify> {
  let offsetMs = 0;
  const nowMs = () => Date.now() + offsetMs;
  const shops = new Map<string, FakeShop>();
  const refunds = new RefundCreator(nowMs);
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  let throttles: { left: number; options: ThrottleOptions } = { left: 0, options: {} };
  let nextFailure: FakeShopifyFailure | null = null;

  const first = options.shop ?? FAKE_SHOP;
  shops.set(first.domain, new FakeShop(first));

  function shopOf(domain: string): FakeShop {
    const shop = shops.get(domain);
    if (!shop) throw new Error(`The fake Shopify has no shop ${domain}`);
    return shop;
  }

  function shopHolding(orderId: string): FakeShop {
    for (const shop of shops.values()) if (shop.orders.has(orderId)) return shop;
    throw new Error(`The fake Shopify holds no order ${orderId}`);
  }

  function shopHoldingRefund(refundId: string): { shop: FakeShop; refund: FakeRefund } {
    for (const shop of shops.values()) {
      const refund = shop.refund(refundId);
      if (refund) return { shop, refund };
    }
    throw new Error(`The fake Shopify holds no refund ${refundId}`);
  }

  function cost(operation: string, currentlyAvailable = BUCKET.maximumAvailable) {
    const requested = REQUESTED_COST[operation] ?? 1;
    return {
      requestedQueryCost: requested,
      actualQueryCost: requested,
      throttleStatus: {
        maximumAvailable: BUCKET.maximumAvailable,
        currentlyAvailable: Math.max(0, currentlyAvailable - requested),
        restoreRate: BUCKET.restoreRate,
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake-shopify");
    const raw = await readBody(request);
    if (request.method !== "POST" || !API_PATH.test(url.pathname)) {
      sendJson(response, 404, { errors: "Not Found" });
      return;
    }
    const domain = String(request.headers["x-countersign-shop-domain"] ?? "");
    const shop = shops.get(domain);
    if (!shop || request.headers["x-shopify-access-token"] !== shop.settings.accessToken) {
      sendJson(response, 401, {
        errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
      });
      return;
    }
    let body: GraphQLRequest;
    try {
      const parsed = JSON.parse(raw) as Partial<GraphQLRequest>;
      body = { query: String(parsed.query ?? ""), variables: parsed.variables ?? {} };
    } catch {
      sendJson(response, 400, { errors: { query: "Required parameter missing or invalid" } });
      return;
    }
    const operation = operationNameOf(body.query) ?? "(unnamed)";
    seen.push(operation);

    if (throttles.left > 0 && (!throttles.options.only || throttles.options.only === operation)) {
      throttles.left -= 1;
      const throttle = throttles.options;
      if (throttle.as === "http_429") {
        sendJson(
          response,
          429,
          {
            errors:
              "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.",
          },
          { "retry-after": String(throttle.retryAfterSeconds ?? 1) },
        );
        return;
      }
      const requested = REQUESTED_COST[operation] ?? 1;
      sendJson(response, 200, {
        errors: [
          {
            message: "Throttled",
            extensions: {
              code: "THROTTLED",
              documentation: "https://shopify.dev/api/usage/rate-limits",
            },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: requested,
            actualQueryCost: null,
            throttleStatus: {
              maximumAvailable: BUCKET.maximumAvailable,
              currentlyAvailable: throttle.currentlyAvailable ?? 0,
              restoreRate: throttle.restoreRate ?? BUCKET.restoreRate,
            },
          },
        },
      });
      return;
    }

    const failure = operation === "CountersignRefundCreate" ? nextFailure : null;
    if (failure) nextFailure = null;
    // A request left unanswered stays open until the client gives up and closes its socket.
    if (failure === "timeout_before_processing") return;
    if (failure === "http_500") {
      sendJson(response, 500, { errors: "Internal Server Error" });
      return;
    }
    const answer = answerOperation(shop, refunds, body);
    if (failure === "timeout_after_processing") return;
    if (failure === "internal_error_after_processing") {
      const requestId = randomUUID();
      sendJson(response, 200, {
        data: { refundCreate: null },
        errors: [
          {
            message: `Internal error. Looks like something went wrong on our end.\nRequest ID: ${requestId} (include this in support requests).`,
            extensions: { code: "INTERNAL_SERVER_ERROR", requestId },
          },
        ],
        extensions: { cost: cost(operation) },
      });
      return;
    }
    sendJson(response, 200, { ...answer, extensions: { cost: cost(operation) } });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      sendJson(response, 500, { errors: String(error) }),
    );
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  function webhookDelivery(
    topic: string,
    id: string,
    deliveryOptions: { eventId?: string } = {},
  ): WebhookDelivery {
    let shop: FakeShop;
    let body: unknown;
    if (topic.startsWith("refunds/")) {
      const held = shopHoldingRefund(id);
      shop = held.shop;
      body = refundWebhookBody(held.refund, shop.order(held.refund.orderId).currency);
    } else {
      shop = shopHolding(id);
      body = orderWebhookBody(shop.order(id));
    }
    const rawBody = JSON.stringify(body);
    const eventId = deliveryOptions.eventId ?? randomUUID();
    const headers = new Headers({
      "content-type": "application/json",
      "x-shopify-topic": topic,
      "x-shopify-hmac-sha256": shopifyWebhookHmac(rawBody, shop.settings.clientSecret),
      "x-shopify-shop-domain": shop.settings.domain,
      "x-shopify-api-version": "2026-10",
      "x-shopify-webhook-id": eventId,
      "x-shopify-event-id": eventId,
      "x-shopify-triggered-at": new Date(nowMs()).toISOString(),
    });
    return { rawBody, headers };
  }

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    shop: {
      domain: first.domain,
      accessToken: first.accessToken,
      clientSecret: first.clientSecret,
    },
    addShop(settings) {
      shops.set(settings.domain, new FakeShop(settings));
    },
    seedOrder(seed = {}) {
      return seedOrder(shopOf(seed.shopDomain ?? first.domain), seed, new Date(nowMs()));
    },
    editOrder(orderId, edit) {
      const order = shopHolding(orderId).order(orderId);
      const line = (lineId: string) => {
        const found = order.lines.find((candidate) => candidate.id === lineId);
        if (!found) throw new Error(`Order ${orderId} has no line ${lineId}`);
        return found;
      };
      if (edit.removeLine) line(edit.removeLine).currentQuantity = 0;
      if (edit.setQuantity)
        line(edit.setQuantity.lineId).currentQuantity = edit.setQuantity.currentQuantity;
      if (edit.deliveredAt !== undefined) {
        const at = new Date(nowMs());
        if (order.fulfillments.length === 0)
          order.fulfillments.push({ createdAt: at, deliveredAt: null });
        const latest = order.fulfillments[order.fulfillments.length - 1];
        if (latest) latest.deliveredAt = edit.deliveredAt;
      }
      order.updatedAt = new Date(nowMs());
    },
    refundInAdmin(orderId, adminRefund) {
      const order = shopHolding(orderId).order(orderId);
      const lines = adminRefund.lines ?? [];
      const shippingUnits = unitsOfInput(adminRefund.shipping ?? "0", order.currency);
      const amountUnits =
        adminRefund.amount === undefined
          ? lines.reduce((sum, refunded) => {
              const line = order.lines.find((candidate) => candidate.id === refunded.lineItemId);
              return sum + (line?.unitPriceUnits ?? 0) * refunded.quantity;
            }, shippingUnits)
          : unitsOfInput(adminRefund.amount, order.currency);
      const sale = order.transactions.find((transaction) => transaction.kind === "SALE");
      const at = new Date(nowMs());
      const refund: FakeRefund = {
        id: gid("Refund"),
        orderId,
        note: adminRefund.note ?? null,
        createdAt: at,
        lines: lines.map((line) => ({ ...line, restockType: "RETURN" })),
        shippingUnits,
        transactions: [
          {
            id: gid("OrderTransaction"),
            kind: "REFUND",
            status: "SUCCESS",
            gateway: sale?.gateway ?? "manual",
            amountUnits,
            parentId: sale?.id ?? null,
            cardCompany: sale?.cardCompany ?? null,
            cardNumber: sale?.cardNumber ?? null,
            errorCode: null,
            createdAt: at,
          },
        ],
      };
      for (const refunded of lines) {
        const line = order.lines.find((candidate) => candidate.id === refunded.lineItemId);
        if (line) line.currentQuantity -= refunded.quantity;
      }
      order.refunds.push(refund);
      order.updatedAt = at;
      return refund.id;
    },
    throttleNext(count, throttleOptions = {}) {
      throttles = { left: count, options: throttleOptions };
    },
    failNextRefundCreate(failure) {
      nextFailure = failure;
    },
    startRefundsAs(status) {
      refunds.startStatus = status;
    },
    settleRefund(refundId, change) {
      const { shop, refund } = shopHoldingRefund(refundId);
      for (const transaction of refund.transactions) {
        transaction.status = change.status;
        transaction.errorCode = change.errorCode ?? null;
      }
      shop.order(refund.orderId).updatedAt = new Date(nowMs());
    },
    order: (orderId) => structuredClone(shopHolding(orderId).order(orderId)),
    refund: (refundId) => structuredClone(shopHoldingRefund(refundId).refund),
    operations: () => [...seen],
    advanceClock(ms) {
      offsetMs += ms;
    },
    webhookDelivery,
    sendWebhook(url, topic, id, deliveryOptions) {
      const delivery = webhookDelivery(topic, id, deliveryOptions);
      return fetch(url, { method: "POST", headers: delivery.headers, body: delivery.rawBody });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
