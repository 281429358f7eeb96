import "server-only";
import { z } from "zod";
import { intakeFingerprint, judgeIntakeRepeat } from "@/lib/domain/intake-key";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";

/*
 * Exactly-once intake: the receipt of a keyed intake is written in the transaction that creates
 * the conversation, message and run, under the table's unique (scope, key). A repeat of the key
 * finds the receipt and answers what the first request created; two requests with one key at the
 * same moment meet at the unique index, where Postgres makes the second wait for the first's
 * commit (then it reads the receipt) or rollback (then it creates).
 */

const intakeResultSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  runId: z.string().nullable(),
  sessionId: z.string().nullable(),
});

/** What an intake created, as its first answer said it; every repeat answers the same. */
export type IntakeResult = z.output<typeof intakeResultSchema>;

/** One intake's key: where it is unique (the client that chose it), the key, the request's print. */
export type IntakeKey = { scope: string; key: string; fingerprint: string };

export function intakeKey(scope: string, key: string, request: Record<string, unknown>): IntakeKey {
  return { scope, key, fingerprint: intakeFingerprint(request) };
}

type StoredReceipt = { request_fingerprint: string; result: unknown };

function answerRepeat(stored: StoredReceipt, intake: IntakeKey): IntakeResult {
  const verdict = judgeIntakeRepeat(
    { fingerprint: stored.request_fingerprint, result: stored.result },
    intake.fingerprint,
  );
  if (verdict.kind === "key_reused") {
    throw new AppError(
      "VALIDATION_FAILED",
      "This Idempotency-Key was already used for a different request. Use a new key for a new request.",
      { extensions: { reason: "IDEMPOTENCY_KEY_REUSED" } },
    );
  }
  return intakeResultSchema.parse(verdict.result);
}

/** The committed answer to this key, if any: a retry after the first request finished. */
export async function findIntakeReceipt(
  db: PrismaClient | Prisma.TransactionClient,
  intake: IntakeKey,
): Promise<IntakeResult | null> {
  const [stored] = await db.$queryRaw<StoredReceipt[]>`
    SELECT request_fingerprint, result FROM idempotency_receipts
     WHERE scope = ${intake.scope} AND key = ${intake.key}`;
  return stored ? answerRepeat(stored, intake) : null;
}

export type CreatedOnce<T> = { replay: IntakeResult; created: null } | { replay: null; created: T };

/**
 * Runs `create` once per key, in the caller's transaction. The receipt is claimed first: when
 * another request with the key committed it, nothing is created and its result is the replay;
 * otherwise `create` runs and its receipt is stored with it. Without a key it simply creates.
 */
export async function createOnce<T>(
  tx: Prisma.TransactionClient,
  intake: IntakeKey | undefined,
  create: () => Promise<T>,
  receiptOf: (created: T) => IntakeResult,
): Promise<CreatedOnce<T>> {
  const earlier = intake ? await claimIntakeReceipt(tx, intake) : null;
  if (earlier) return { replay: earlier, created: null };
  const created = await create();
  if (intake) await settleIntakeReceipt(tx, intake, receiptOf(created));
  return { replay: null, created };
}

async function claimIntakeReceipt(
  tx: Prisma.TransactionClient,
  intake: IntakeKey,
): Promise<IntakeResult | null> {
  const claimed = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO idempotency_receipts (id, scope, key, request_fingerprint, result)
    VALUES (${newId("rcpt")}, ${intake.scope}, ${intake.key}, ${intake.fingerprint}, '{}'::jsonb)
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING id`;
  if (claimed.length > 0) return null;
  // Read committed: this statement sees the row the conflicting transaction committed.
  const earlier = await findIntakeReceipt(tx, intake);
  if (!earlier) throw new Error(`intake receipt ${intake.scope}/${intake.key} vanished`);
  return earlier;
}

async function settleIntakeReceipt(
  tx: Prisma.TransactionClient,
  intake: IntakeKey,
  result: IntakeResult,
): Promise<void> {
  await tx.$executeRaw`
    UPDATE idempotency_receipts SET result = ${JSON.stringify(result)}::jsonb
     WHERE scope = ${intake.scope} AND key = ${intake.key}`;
}
