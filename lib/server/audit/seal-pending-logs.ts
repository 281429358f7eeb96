import "server-only";
import { sealAuditRows } from "@/lib/domain/audit-chain";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { REALTIME_CHANNEL } from "@/lib/server/realtime/publish";
import { type AuditCheckpointRecord, writeAuditCheckpoint } from "./audit-checkpoint";
import { lockSealBatch, readAuditHead } from "./audit-head";
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

async function sealRealtimeBatch(tx: Prisma.TransactionClient): Promise<number> {
  // The notification (the new head position) is delivered on commit, so listeners load rows
  // that are already sealed and visible.
  const [result] = await tx.$queryRaw<{ sealed: number; head: bigint | null }[]>`
    WITH base AS (SELECT coalesce(max(position), 0) AS head FROM realtime_events),
    batch AS (
      SELECT id, row_number() OVER (ORDER BY id) AS n FROM realtime_events
      WHERE position IS NULL ORDER BY id LIMIT ${SEAL_BATCH_SIZE}),
    sealed AS (
      UPDATE realtime_events AS r SET position = base.head + batch.n
      FROM base, batch WHERE r.id = batch.id
      RETURNING r.position)
    SELECT count(*)::int AS sealed, max(position) AS head FROM sealed`;
  if (!result || result.sealed === 0 || result.head === null) return 0;
  await tx.$queryRaw`SELECT pg_notify(${REALTIME_CHANNEL}, ${result.head.toString()})::text`;
  return result.sealed;
}
