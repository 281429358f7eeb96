import type { OutboxEmail, PrismaClient } from "@/lib/generated/prisma/client";
import { deriveEmailMessageId } from "@/lib/integrations/email/email-message-id";
import { EmailDeliveryError, type EmailTransport } from "@/lib/integrations/email/email-transport";
import { createMessage } from "@/lib/server/repositories/message-repository";

/*
 * Sends what the outbox holds. Rows are leased with FOR UPDATE SKIP LOCKED so any number of
 * instances can dispatch at once without sending a row twice; a lease that lapses (the sender
 * died mid-send) makes the row eligible again, and the transport sees the same Message-ID.
 * A temporary failure retries with exponential backoff; a permanent one (or the last attempt)
 * fails the row and leaves a note on its ticket, so staff see that the customer was not told.
 */

export type DispatchOutboxOptions = {
  db: PrismaClient;
  transport: EmailTransport;
  now: Date;
  /** Who holds the lease, e.g. the process id; only the holder may settle a row. */
  owner: string;
  /** The From mailbox; its domain names the Message-IDs. */
  supportAddress?: string;
  leaseMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  /** Called after the server accepted a message and before the row is marked sent (crash tests). */
  afterSend?: () => void;
};

export type DispatchOutboxResult = { sent: number; retrying: number; failed: number };

export const DEFAULT_SUPPORT_ADDRESS = "support@countersign.local";
const BASE_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;

export async function dispatchOutbox(
  options: DispatchOutboxOptions,
): Promise<DispatchOutboxResult> {
  const { db, now, owner } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 20;

  // The lease is set and judged by the database clock, so instances with skewed clocks never
  // both hold a row; `now` only schedules retries.
  const leased = await db.$queryRaw<Array<{ id: string }>>`
    UPDATE outbox_emails
       SET status = 'sending', locked_by = ${owner},
           locked_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000}),
           attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM outbox_emails
        WHERE (status = 'pending' AND next_attempt_at <= ${now})
           OR (status = 'sending' AND locked_until < clock_timestamp())
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
    // The batch's lease was taken before the sends ahead of this one; a slow transport may have
    // outlasted it, and another instance may hold the row now. Renew it, or leave the row alone.
    if (!(await renewLease(db, row.id, owner, leaseMs))) continue;
    const outcome = await sendRow(row, options);
    result[outcome] += 1;
  }
  return result;
}

async function renewLease(
  db: DispatchOutboxOptions["db"],
  id: string,
  owner: string,
  leaseMs: number,
): Promise<boolean> {
  const renewed = await db.$executeRaw`
    UPDATE outbox_emails
       SET locked_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000})
     WHERE id = ${id} AND status = 'sending' AND locked_by = ${owner}
       AND locked_until >= clock_timestamp()`;
  return renewed === 1;
}

async function sendRow(
  row: OutboxEmail,
  options: DispatchOutboxOptions,
): Promise<keyof DispatchOutboxResult> {
  const { db, transport, now, owner } = options;
  const held = { id: row.id, lockedBy: owner, status: "sending" as const };
  const messageId =
    row.messageId ??
    deriveEmailMessageId(row.idempotencyKey, options.supportAddress ?? DEFAULT_SUPPORT_ADDRESS);
  if (!row.messageId) {
    // Stored before the first attempt: a customer's reply to it can then find its conversation.
    await db.outboxEmail.updateMany({ where: held, data: { messageId } });
  }
  try {
    const { providerMessageId } = await transport.send({
      idempotencyKey: row.idempotencyKey,
      messageId,
      to: row.toAddress,
      subject: row.subject,
      bodyText: row.bodyText,
      inReplyTo: row.inReplyTo,
      references: row.threadReferences,
    });
    options.afterSend?.();
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
    return "sent";
  } catch (error) {
    const permanent = error instanceof EmailDeliveryError && error.permanent;
    const giveUp = permanent || row.attempts >= (options.maxAttempts ?? 5);
    const lastError = error instanceof Error ? error.message : String(error);
    const retryMs = Math.min(BASE_RETRY_MS * 2 ** (row.attempts - 1), MAX_RETRY_MS);
    await db.$transaction(async (tx) => {
      const { count } = await tx.outboxEmail.updateMany({
        where: held,
        data: {
          status: giveUp ? "failed" : "pending",
          lastError,
          nextAttemptAt: new Date(now.getTime() + retryMs),
          failedAt: giveUp ? now : null,
          lockedBy: null,
          lockedUntil: null,
        },
      });
      if (count === 1 && giveUp && row.conversationId) {
        await createMessage(tx, {
          conversationId: row.conversationId,
          authorKind: "system",
          visibility: "internal",
          body: `The email "${row.subject}" to ${row.toAddress} could not be delivered after ${row.attempts} attempt(s): ${lastError}. The customer has not received it.`,
          dedupeKey: `email-failed:${row.id}`,
        });
      }
    });
    return giveUp ? "failed" : "retrying";
  }
}
