import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/inbound/email/route";
import {
  signedWebhookHeaders,
  TEST_INBOUND_EMAIL_SECRET,
} from "@/tests/support/signed-inbound-email";
import { waitFor } from "@/tests/support/smtp-catcher";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";

process.env.INBOUND_EMAIL_SECRET = TEST_INBOUND_EMAIL_SECRET;
process.env.LOG_LEVEL ??= "warn";

const prisma = seededTestDatabase();

const rawEmail = (messageId: string) =>
  Buffer.from(
    [
      "From: Tom Alvarez <tom@example.com>",
      "To: support@countersign.local",
      "Subject: Returning a blanket",
      `Message-ID: ${messageId}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Hello, I'd like to return the wool throw blanket from order A1021. I no longer need it.",
      "",
    ].join("\r\n"),
  );

function post(body: Buffer, headers: Record<string, string>) {
  return POST(
    new Request("http://localhost/api/inbound/email", {
      method: "POST",
      headers: { "content-type": "message/rfc822", ...headers },
      body: new Uint8Array(body),
    }),
  );
}

async function settled() {
  const runs = await prisma.run.findMany();
  return runs.length > 0 && runs.every((run) => ["completed", "failed"].includes(run.status));
}

describe("POST /api/inbound/email (signed webhook)", () => {
  it("stores a well-signed email once and refuses the same request replayed", async () => {
    const body = rawEmail("<tom-hook-1@example.com>");
    const headers = signedWebhookHeaders(body);
    const first = await post(body, headers);
    expect(first.status).toBe(202);
    const stored = (await first.json()) as { conversationId: string; duplicate: boolean };
    expect(stored.duplicate).toBe(false);
    await waitFor(settled, "the agent's turn to end");
    const inbound = await prisma.inboundEmail.findFirstOrThrow();
    expect(inbound).toMatchObject({
      receivedVia: "webhook",
      conversationId: stored.conversationId,
    });

    const replay = await post(body, headers);
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as { detail: string }).detail).toContain("replay");

    // The same email under a fresh signature (a provider's redelivery) is recognised, not stored again.
    const again = await post(body, signedWebhookHeaders(body, Math.floor(Date.now() / 1000) - 120));
    expect(again.status).toBe(200);
    expect(await prisma.conversation.count()).toBe(1);
    expect(await prisma.message.count({ where: { authorKind: "customer" } })).toBe(1);
  });

  it.each([
    ["no signature", () => ({})],
    [
      "the wrong secret",
      (body: Buffer) =>
        signedWebhookHeaders(body, undefined, "another-secret-of-sufficient-length!!"),
    ],
    [
      "an old timestamp",
      (body: Buffer) => signedWebhookHeaders(body, Math.floor(Date.now() / 1000) - 3600),
    ],
    ["a signature of another body", () => signedWebhookHeaders(rawEmail("<other@example.com>"))],
  ])("refuses %s with 401 and stores nothing", async (_name, headersFor) => {
    const body = rawEmail("<tom-hook-2@example.com>");
    const response = await post(body, headersFor(body));
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await prisma.conversation.count()).toBe(0);
    expect(await prisma.idempotencyReceipt.count()).toBe(0);
  });

  it("refuses malformed MIME with 422 and a reply to an unknown thread with 404", async () => {
    const junk = Buffer.from("just some bytes with no headers\r\n");
    const malformed = await post(junk, signedWebhookHeaders(junk));
    expect(malformed.status).toBe(422);
    const orphan = Buffer.concat([
      Buffer.from("In-Reply-To: <0123456789abcdef0123456789abcdef@countersign.local>\r\n"),
      rawEmail("<tom-hook-3@example.com>"),
    ]);
    const unknown = await post(orphan, signedWebhookHeaders(orphan));
    expect(unknown.status).toBe(404);
    expect(await prisma.conversation.count()).toBe(0);
  });
});
