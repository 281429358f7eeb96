import { createHmac } from "node:crypto";

/*
 * Shopify's webhook signature, written apart from the adapter so its check is tested against the
 * documented scheme: `X-Shopify-Hmac-Sha256` is the base64 HMAC-SHA256 of the raw body under the
 * app's client secret.
 */
export function shopifyWebhookHmac(rawBody: string, clientSecret: string): string {
  return createHmac("sha256", clientSecret).update(rawBody, "utf8").digest("base64");
}
