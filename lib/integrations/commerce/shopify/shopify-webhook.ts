import { createHmac, timingSafeEqual } from "node:crypto";
import type { WebhookDelivery } from "@/lib/integrations/payments/payment-provider";

/*
 * Shopify's webhook deliveries: `X-Shopify-Hmac-Sha256` is the base64 HMAC-SHA256 of the raw
 * body under the app's client secret. Shopify signs nothing else, so the topic, delivery id and
 * time headers are only trusted because a forged body cannot be signed; a captured delivery can
 * be replayed, which is why a delivery only ever says "read this order (or refund) again" or
 * carries a state Shopify itself signed.
 */

export type VerifiedShopifyDelivery = {
  topic: string;
  /** The same event delivered twice (a retry) has the same id. */
  eventId: string;
  occurredAt: Date;
  shopDomain: string | null;
  body: Record<string, unknown>;
};

export function shopifyHmacOf(rawBody: string, clientSecret: string): string {
  return createHmac("sha256", clientSecret).update(rawBody, "utf8").digest("base64");
}

function signatureMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given, "base64");
  const b = Buffer.from(expected, "base64");
  // Compared as bytes in constant time; a different length is a mismatch on its own.
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/**
 * The delivery, verified and parsed; throws `reject(reason)` (each adapter's own error) when the
 * signature is missing or wrong or the delivery is not a Shopify webhook.
 */
export function verifiedShopifyDelivery(
  delivery: WebhookDelivery,
  secrets: { clientSecret: string; shopDomain: string },
  receivedAt: Date,
  reject: (reason: string) => Error,
): VerifiedShopifyDelivery {
  const { clientSecret } = secrets;
  const signature = delivery.headers.get("x-shopify-hmac-sha256");
  if (!signature) throw reject("The delivery has no X-Shopify-Hmac-Sha256 header");
  if (!signatureMatches(signature.trim(), shopifyHmacOf(delivery.rawBody, clientSecret))) {
    throw reject("The delivery's X-Shopify-Hmac-Sha256 does not match its body");
  }
  const topic = delivery.headers.get("x-shopify-topic");
  const eventId =
    delivery.headers.get("x-shopify-event-id") ?? delivery.headers.get("x-shopify-webhook-id");
  if (!topic || !eventId) {
    throw reject("The delivery has no X-Shopify-Topic or X-Shopify-Event-Id/X-Shopify-Webhook-Id");
  }
  let body: unknown;
  try {
    body = JSON.parse(delivery.rawBody);
  } catch {
    throw reject("The delivery's body is not JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw reject("The delivery's body is not a JSON object");
  }
  const shopDomain = delivery.headers.get("x-shopify-shop-domain");
  // One app, one shop: a delivery naming another shop was sent to the wrong connection.
  if (shopDomain !== null && shopDomain.toLowerCase() !== secrets.shopDomain.toLowerCase()) {
    throw reject(`The delivery is from ${shopDomain}, not ${secrets.shopDomain}`);
  }
  const triggeredAt = new Date(delivery.headers.get("x-shopify-triggered-at") ?? "");
  return {
    topic,
    eventId,
    occurredAt: Number.isNaN(triggeredAt.getTime()) ? receivedAt : triggeredAt,
    shopDomain,
    body: body as Record<string, unknown>,
  };
}

/** The Order gid a delivery is about: `admin_graphql_api_id` for orders/*, `order_id` for refunds/*. */
export function orderGidOf(topic: string, body: Record<string, unknown>): string | null {
  if (topic.startsWith("orders/")) {
    return typeof body.admin_graphql_api_id === "string" ? body.admin_graphql_api_id : null;
  }
  if (topic.startsWith("refunds/")) {
    const orderId = body.order_id;
    return typeof orderId === "number" || typeof orderId === "string"
      ? `gid://shopify/Order/${orderId}`
      : null;
  }
  return null;
}
