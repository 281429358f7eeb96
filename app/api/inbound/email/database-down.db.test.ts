import { describe, expect, it } from "vitest";
import {
  signWebhookBody,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from "@/lib/server/http/signed-webhook";

// A database nobody listens on: every query fails as it does while Postgres is down.
process.env.DATABASE_URL = "postgresql://countersign@127.0.0.1:9/countersign";
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-0000";
process.env.INBOUND_EMAIL_SECRET = "webhook-secret-webhook-secret-webhook-secret";
process.env.LOG_LEVEL = "silent";

const { POST } = await import("./route");

describe("POST /api/inbound/email while the database is down", () => {
  it("answers 503 with Retry-After, so the provider retries, never a bare 500", async () => {
    const body = Buffer.from(
      "From: tom@example.com\r\nTo: support@countersign.local\r\nSubject: Hi\r\nMessage-ID: <down@example.com>\r\n\r\nHello\r\n",
    );
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await POST(
      new Request("http://localhost/api/inbound/email", {
        method: "POST",
        headers: {
          "content-type": "message/rfc822",
          [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
          [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(
            process.env.INBOUND_EMAIL_SECRET as string,
            timestamp,
            body,
          ),
        },
        body: new Uint8Array(body),
      }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
  });
});
