import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { EmailTransport } from "./email-transport";

/*
 * Sends what the outbox holds. Rows are leased with FOR UPDATE SKIP LOCKED so any number of
 * instances can dispatch at once without sending a row twice; a lease that lapses (the sender
 * died mid-send) makes the row eligible again, and the transport sees the same idempotency key.
 */

export type DispatchOutboxOptions = {
  db: PrismaClient;
  transport: EmailTransport;
  now: Date;
  /** Who holds the lease, e.g. the process id; only the holder may settle a row. */
  owner: string;
  leaseMs?: number;
  batchSize?: number;
  maxAttempts?: number;
};

export type DispatchOutboxResult = { sent: number; retrying: number; failed: number };

const BASE_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;

export async function dispatchOutbox(
  options: DispatchOutboxOptions,
): Promise<DispatchOutboxResult> {
  const { db, transport, now, owner } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 5;
  const leasedUntil = new Date(now.getTime() + leaseMs);

  const leased = await db.$queryRaw<Array<{ id: string }>>`
    UPDATE outbox_emails
       SET status = 'sending', locked_by = ${owner}, locked_until = ${leasedUntil},
           attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM outbox_emails
        WHERE (status = 'pending' AND next_attempt_at <= ${now})
           OR (status = 'sending' AND locked_until < ${now})
        ORDER BY next_attempt_at, id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  if (leased.length === 0) return { sent: 0, retrying: 0, failed: 0 };

  const rows = await db.outboxEmail.findMany({
    where: { id: { in: leased.map((row) => row.id) } },
    orderBy: { nextAttemptAt: "asc" },
  });
  const result: DispatchOutboxResult = { sent: 0, retrying: 0, failed: 0 };
  for (const row of rows) {
    const held = { id: row.id, lockedBy: owner, status: "sending" as const };
    try {
      const { providerMessageId } = await transport.send({
        idempotencyKey: row.idempotencyKey,
        to: row.toAddress,
        subject: row.subject,
        bodyText: row.bodyText,
      });
      await db.outboxEmail.updateMany({
        where: held,
        data: {
          status: "sent",
          providerMessageId,
          sentAt: now,
          lockedBy: null,
          lockedUntil: null,
          lastError: null,
        },
      });
      result.sent += 1;
    } catch (error) {
      const giveUp = row.attempts >= maxAttempts;
      const retryMs = Math.min(BASE_RETRY_MS * 2 ** (row.attempts - 1), MAX_RETRY_MS);
      await db.outboxEmail.updateMany({
        where: held,
        data: {
          status: giveUp ? "failed" : "pending",
          lastError: error instanceof Error ? error.message : String(error),
          nextAttemptAt: new Date(now.getTime() + retryMs),
          lockedBy: null,
          lockedUntil: null,
        },
      });
      if (giveUp) result.failed += 1;
      else result.retrying += 1;
    }
  }
  return result;
}
