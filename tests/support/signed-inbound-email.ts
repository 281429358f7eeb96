import {
  signWebhookBody,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from "@/lib/server/http/signed-webhook";

/** The inbound-email webhook secret a test gives the app (INBOUND_EMAIL_SECRET). */
export const TEST_INBOUND_EMAIL_SECRET = "webhook-secret-webhook-secret-webhook-secret";

/** The headers the mail provider signs `body` with, at `timestamp` (Unix seconds). */
export function signedWebhookHeaders(
  body: Buffer,
  timestamp = Math.floor(Date.now() / 1000),
  secret = TEST_INBOUND_EMAIL_SECRET,
): Record<string, string> {
  return {
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(secret, timestamp, body),
  };
}
