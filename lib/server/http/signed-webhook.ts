import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/errors/app-error";

export const WEBHOOK_TIMESTAMP_HEADER = "x-countersign-timestamp";
export const WEBHOOK_SIGNATURE_HEADER = "x-countersign-signature";
/** How far the sender's clock may be from ours, and how long a signature stays usable. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** What a sender computes: `v1=` + hex HMAC-SHA256 of `<unix seconds>.<raw body>`. */
export function signWebhookBody(secret: string, timestamp: number, body: Buffer): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex");
  return `v1=${mac}`;
}

/*
 * Checks a signed webhook before anything of its body is trusted: the timestamp must be recent
 * (an old capture cannot be replayed later) and the HMAC must match in constant time. Returns
 * the signature, which the caller stores to refuse the same request twice within the window.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  headers: Headers;
  body: Buffer;
  now: Date;
}): string {
  const timestampText = input.headers.get(WEBHOOK_TIMESTAMP_HEADER) ?? "";
  const signature = input.headers.get(WEBHOOK_SIGNATURE_HEADER) ?? "";
  if (!/^\d{1,12}$/.test(timestampText) || !/^v1=[0-9a-f]{64}$/.test(signature)) {
    throw new AppError(
      "UNAUTHENTICATED",
      `Sign the request: ${WEBHOOK_TIMESTAMP_HEADER} (unix seconds) and ${WEBHOOK_SIGNATURE_HEADER} (v1=hex HMAC-SHA256 of "<timestamp>.<body>").`,
    );
  }
  const timestamp = Number(timestampText);
  const skew = Math.abs(input.now.getTime() / 1000 - timestamp);
  if (skew > WEBHOOK_TOLERANCE_SECONDS) {
    throw new AppError(
      "UNAUTHENTICATED",
      `The signature timestamp is ${Math.round(skew)} s away from the server's clock; at most ${WEBHOOK_TOLERANCE_SECONDS} s is accepted.`,
    );
  }
  const expected = Buffer.from(signWebhookBody(input.secret, timestamp, input.body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError("UNAUTHENTICATED", "The signature does not match the body.");
  }
  return signature;
}

/** Reads the body as bytes, refusing more than maxBytes while it streams. */
export async function readRawBody(req: Request, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new AppError("PAYLOAD_TOO_LARGE", `The request body must be at most ${maxBytes} bytes.`);
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
