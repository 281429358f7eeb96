import { beforeEach, describe, expect, it } from "vitest";
import type { EmailTransport } from "@/lib/integrations/email/email-transport";
import { enqueueEmail } from "@/lib/integrations/email/enqueue-email";
import { createSinkEmailTransport } from "@/lib/integrations/email/sink-email-transport";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { dispatchOutbox } from "./dispatch-outbox";

const prisma = testDatabaseClient();
beforeEach(() => prisma.$executeRaw`TRUNCATE outbox_emails`);

const later = () => new Date(Date.now() + 60_000);

function enqueue(key: string, subject = "Your refund") {
  return prisma.$transaction((tx) =>
    enqueueEmail(tx, { idempotencyKey: key, to: "maya@example.com", subject, bodyText: "Hi" }),
  );
}

describe("email outbox", () => {
  it("returns the existing row for a repeated idempotency key", async () => {
    const first = await enqueue("refund-email:pa_1");
    const second = await enqueue("refund-email:pa_1", "A different subject");
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, email: { id: first.email.id } });
    expect(second.email.subject).toBe("Your refund");
    expect(await prisma.outboxEmail.count()).toBe(1);
  });

  it("sends each row once even with two dispatchers at the same time", async () => {
    for (let index = 0; index < 10; index += 1) await enqueue(`key-${index}`);
    const transport = createSinkEmailTransport();
    const now = later();
    const results = await Promise.all([
      dispatchOutbox({ db: prisma, transport, now, owner: "a", batchSize: 6 }),
      dispatchOutbox({ db: prisma, transport, now, owner: "b", batchSize: 6 }),
    ]);
    await dispatchOutbox({ db: prisma, transport, now, owner: "c" });
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBeGreaterThan(0);
    expect(transport.delivered).toHaveLength(10);
    expect(new Set(transport.delivered.map((email) => email.idempotencyKey)).size).toBe(10);
    expect(await prisma.outboxEmail.count({ where: { status: "sent" } })).toBe(10);
  });

  it("never sends the tail of a batch whose lease a slow send outlasted and another sender took", async () => {
    await enqueue("first");
    await enqueue("tail");
    const sent: string[] = [];
    let release: () => void = () => {};
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstSendStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      firstSendStarted = resolve;
    });
    const slowFirst: EmailTransport = {
      name: "slow",
      send: async (email) => {
        if (email.idempotencyKey === "first") {
          firstSendStarted();
          await stalled;
        }
        sent.push(`a:${email.idempotencyKey}`);
        return { providerMessageId: `a-${email.idempotencyKey}` };
      },
    };
    const now = later();
    const slow = dispatchOutbox({
      db: prisma,
      transport: slowFirst,
      now,
      owner: "a",
      leaseMs: 500,
    });
    await started;
    await expect
      .poll(
        async () =>
          (
            await prisma.$queryRaw<{ lapsed: boolean }[]>`
              SELECT bool_and(locked_until < clock_timestamp()) AS lapsed FROM outbox_emails`
          )[0]?.lapsed,
        { timeout: 30_000 },
      )
      .toBe(true);
    const other: EmailTransport = {
      name: "other",
      send: async (email) => {
        sent.push(`b:${email.idempotencyKey}`);
        return { providerMessageId: `b-${email.idempotencyKey}` };
      },
    };
    await dispatchOutbox({ db: prisma, transport: other, now, owner: "b" });
    release();
    await slow;

    expect(sent.filter((entry) => entry.endsWith(":tail"))).toEqual(["b:tail"]);
    expect(await prisma.outboxEmail.count({ where: { status: "sent" } })).toBe(2);
  });

  it("retries a failed send later and gives up after the last attempt", async () => {
    await enqueue("flaky");
    const failing: EmailTransport = {
      name: "down",
      send: async () => {
        throw new Error("connection refused");
      },
    };
    const now = later();
    expect(await dispatchOutbox({ db: prisma, transport: failing, now, owner: "a" })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    const row = await prisma.outboxEmail.findFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "connection refused" });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    // Not due yet: nothing is leased.
    expect(await dispatchOutbox({ db: prisma, transport: failing, now, owner: "a" })).toMatchObject(
      { retrying: 0 },
    );
    const final = await dispatchOutbox({
      db: prisma,
      transport: failing,
      now: new Date(now.getTime() + 3_600_000),
      owner: "a",
      maxAttempts: 2,
    });
    expect(final).toMatchObject({ failed: 1 });
  });

  it("re-sends a row whose sender died holding the lease, with the same key", async () => {
    await enqueue("orphan");
    const now = later();
    await prisma.$executeRaw`
      UPDATE outbox_emails
         SET status = 'sending', locked_by = 'dead', locked_until = now() - interval '1 second'`;
    const transport = createSinkEmailTransport();
    expect(await dispatchOutbox({ db: prisma, transport, now, owner: "alive" })).toMatchObject({
      sent: 1,
    });
    expect(transport.delivered[0]?.idempotencyKey).toBe("orphan");
  });
});
