import { describe, expect, it } from "vitest";
import {
  signedWebhookHeaders,
  TEST_INBOUND_EMAIL_SECRET,
} from "@/tests/support/signed-inbound-email";

// A database nobody listens on: every query fails as it does while Postgres is down.
process.env.DATABASE_URL = "postgresql://countersign@127.0.0.1:9/countersign";
process.env.INBOUND_EMAIL_SECRET = TEST_INBOUND_EMAIL_SECRET;
process.env.LOG_LEVEL = "silent";

const { POST } = await import("./route");

describe("POST /api/inbound/email while the database is down", () => {
  it("answers 503 with Retry-After, so the provider retries, never a bare 500", async () => {
    const body = Buffer.from(
      "From: tom@example.com\r\nTo: support@countersign.local\r\nSubject: Hi\r\nMessage-ID: <down@example.com>\r\n\r\nHello\r\n",
    );
    const response = await POST(
      new Request("http://localhost/api/inbound/email", {
        method: "POST",
        headers: { "content-type": "message/rfc822", ...signedWebhookHeaders(body) },
        body: new Uint8Array(body),
      }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
  });
});
