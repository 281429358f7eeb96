import { createHmac, timingSafeEqual } from "node:crypto";
import { PaymentProviderError, type WebhookDelivery } from "../payment-provider";

/*
 * The built-in ledger's webhook deliveries, signed like Stripe's so both providers pass the same
 * checks: `Countersign-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 * under the ledger's webhook secret, accepted only within five minutes of the receiving time.
 */

export const LEDGER_SIGNATURE_HEADER = "countersign-signature";
export const LEDGER_WEBHOOK_TOLERANCE_SECONDS = 300;

function signatureOf(rawBody: string, secret: string, timestampSeconds: number): string {
  return createHmac("sha256", secret).update(`${timestampSeconds}.${rawBody}`).digest("hex");
}

export function signedLedgerDelivery(rawBody: string, secret: string, at: Date): WebhookDelivery {
  const t = Math.floor(at.getTime() / 1000);
  const headers = new Headers({
    "content-type": "application/json",
    [LEDGER_SIGNATURE_HEADER]: `t=${t},v1=${signatureOf(rawBody, secret, t)}`,
  });
  return { rawBody, headers };
}

function rejected(reason: string): PaymentProviderError {
  return new PaymentProviderError("WEBHOOK_REJECTED", `Ledger webhook did not verify: ${reason}`);
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** The delivery's body once its signature and timestamp check out. */
export function verifiedLedgerBody(
  delivery: WebhookDelivery,
  secret: string,
  receivedAt: Date,
): string {
  const header = delivery.headers.get(LEDGER_SIGNATURE_HEADER);
  if (!header) throw rejected("no signature header");
  const parts = new Map(
    header.split(",").map((part) => {
      const [name = "", ...value] = part.split("=");
      return [name.trim(), value.join("=")] as const;
    }),
  );
  const t = Number(parts.get("t"));
  const v1 = parts.get("v1") ?? "";
  if (!Number.isInteger(t)) throw rejected("no timestamp");
  if (!sameHex(v1, signatureOf(delivery.rawBody, secret, t))) throw rejected("signature mismatch");
  const ageSeconds = Math.abs(Math.floor(receivedAt.getTime() / 1000) - t);
  if (ageSeconds > LEDGER_WEBHOOK_TOLERANCE_SECONDS) throw rejected("timestamp outside the window");
  return delivery.rawBody;
}
