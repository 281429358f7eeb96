import "server-only";
import type pg from "pg";
import { sealAuditRows } from "@/lib/domain/audit-chain";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { REALTIME_CHANNEL } from "@/lib/server/realtime/publish";
import { type AuditCheckpointRecord, writeAuditCheckpoint } from "./audit-checkpoint";
import { LOCK_SEAL_BATCH_SQL, lockSealBatch, readAuditHead } from "./audit-head";
import { resolveAuditKey } from "./audit-key";
import { toAuditRowFields } from "./audit-rows";

/*
 * Seals the two commit-ordered logs: audit events and realtime events. Writers insert rows with
 * no position; a seal batch, one transaction, gives every row that has committed by then the
 * next positions (and, for audit, its place in the keyed hash chain). Uncommitted rows are not
 * visible to the batch, so they get later positions when they commit: a reader that has seen
 * position P and asks for "after P" never misses a row, and never sees one twice.
 *
 * Seal batches take a transaction-scoped advisory lock, so two sealers (a takeover in progress,
 * a test helper beside the background sealer) take turns instead of handing out one position
 * twice. Writers never take it.
 */

export const SEAL_BATCH_SIZE = 500;

export type SealOptions = {
  /** Defaults to AUDIT_KEY. */
  auditKey?: string;
  /** Write a checkpoint of the audit head afterwards (default true; the background sealer writes them on a timer). */
  checkpoint?: boolean;
  now?: () => Date;
};

export type SealResult = {
  audit: number;
  realtime: number;
  checkpoint: AuditCheckpointRecord | null;
};

type BatchResult = { audit: number; realtime: number };

/**
 * Seals everything committed before the call, in batches. Tests call it after writes whose
 * positions or chain they read; the background sealer calls it on every wake-up.
 */
export async function sealPendingLogs(
  db: PrismaClient,
  options: SealOptions = {},
): Promise<SealResult> {
  const key = resolveAuditKey(options.auditKey);
  const total = { audit: 0, realtime: 0 };
  for (;;) {
    const batch = await db.$transaction((tx) => sealBatch(tx, key));
    total.audit += batch.audit;
    total.realtime += batch.realtime;
    if (batch.audit < SEAL_BATCH_SIZE && batch.realtime < SEAL_BATCH_SIZE) break;
  }
  const checkpoint =
    options.checkpoint === false
      ? null
      : await writeAuditCheckpoint(db, key, (options.now ?? (() => new Date()))());
  return { ...total, checkpoint };
}

async function sealBatch(tx: Prisma.TransactionClient, key: Uint8Array): Promise<BatchResult> {
  await lockSealBatch(tx);
  return { audit: await sealAuditBatch(tx, key), realtime: await sealRealtimeBatch(tx) };
}

async function sealAuditBatch(tx: Prisma.TransactionClient, key: Uint8Array): Promise<number> {
  const rows = await tx.auditEvent.findMany({
    where: { position: null },
    orderBy: { id: "asc" },
    take: SEAL_BATCH_SIZE,
  });
  if (rows.length === 0) return 0;
  const sealed = sealAuditRows(key, await readAuditHead(tx), rows.map(toAuditRowFields));
  await tx.$executeRaw`
    UPDATE audit_events AS a
    SET position = s.position, prev_hash = s.prev_hash, hash = s.hash
    FROM unnest(
      ${sealed.map((row) => row.id)}::bigint[],
      ${sealed.map((row) => row.position.toString())}::bigint[],
      ${sealed.map((row) => row.prevHash)}::text[],
      ${sealed.map((row) => row.hash)}::text[]
    ) AS s(id, position, prev_hash, hash)
    WHERE a.id = s.id`;
  return sealed.length;
}

/*
 * Gives the next positions to realtime rows committed by now and returns the new head.
 * Constant text: it also runs as one statement of a multi-statement query (sealRealtimeOn).
 */
const SEAL_REALTIME_SQL = `
  WITH base AS (SELECT coalesce(max(position), 0) AS head FROM realtime_events),
  batch AS (
    SELECT id, row_number() OVER (ORDER BY id) AS n FROM realtime_events
     WHERE position IS NULL ORDER BY id LIMIT ${SEAL_BATCH_SIZE}),
  sealed AS (
    UPDATE realtime_events AS r SET position = base.head + batch.n
      FROM base, batch WHERE r.id = batch.id
    RETURNING r.position)
  SELECT count(*)::int AS sealed, max(position)::text AS head FROM sealed`;

type SealedRealtime = { sealed: number; head: string | null };

async function sealRealtimeBatch(tx: Prisma.TransactionClient): Promise<number> {
  const [result] = await tx.$queryRawUnsafe<SealedRealtime[]>(SEAL_REALTIME_SQL);
  if (!result?.head) return 0;
  // Delivered on commit, so listeners load rows that are already sealed and visible.
  await tx.$queryRaw`SELECT pg_notify(${REALTIME_CHANNEL}, ${result.head})::text`;
  return result.sealed;
}

/*
 * The background sealer's pass, on its own connection: the lock, a realtime batch and whether
 * any audit row waits, as one multi-statement query (one round trip, one implicit transaction;
 * each statement still reads a snapshot taken after the lock, as in a transaction). Run steps
 * and messages write realtime rows only, so a busy run's writes usually cost this one round
 * trip; audit rows need the keyed chain computed here, in sealPendingLogs.
 *
 * Listeners are told the new head in a second statement, once the positions are flushed: a
 * transaction that notifies holds Postgres's database-wide notify lock from before its commit
 * until after its WAL flush, and every run step write notifies (to wake the sealer), so a
 * notifying seal commit made each step write wait out the sealer's flush. The notification
 * itself needs no flush (nothing is stored), so it holds that lock only for a moment.
 */
export async function sealRealtimeOn(
  client: pg.Client,
): Promise<{ realtime: number; auditPending: boolean }> {
  let realtime = 0;
  for (;;) {
    const results = (await client.query(
      `${LOCK_SEAL_BATCH_SQL}; ${SEAL_REALTIME_SQL};
       SELECT EXISTS (SELECT 1 FROM audit_events WHERE position IS NULL) AS audit_pending`,
    )) as unknown as pg.QueryResult[];
    const batch = results[1]?.rows[0] as SealedRealtime | undefined;
    const auditPending = (results[2]?.rows[0] as { audit_pending: boolean } | undefined)
      ?.audit_pending;
    if (batch?.head) {
      await client.query(
        "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)::text",
        [REALTIME_CHANNEL, batch.head],
      );
    }
    realtime += batch?.sealed ?? 0;
    if ((batch?.sealed ?? 0) < SEAL_BATCH_SIZE) {
      return { realtime, auditPending: auditPending === true };
    }
  }
}
