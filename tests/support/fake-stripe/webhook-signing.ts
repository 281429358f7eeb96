import { createHmac } from "node:crypto";

/*
 * Stripe's webhook signature, written independently of the SDK so the adapter's check is tested
 * against the documented scheme: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" under the endpoint's signing secret>`.
 */

export function stripeSignatureHeader(
  rawBody: string,
  secret: string,
  timestampSeconds: number,
): string {
  const signature = createHmac("sha256", secret)
    .update(`${timestampSeconds}.${rawBody}`)
    .digest("hex");
  return `t=${timestampSeconds},v1=${signature}`;
}
