import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** Realtime rows only serve reconnect replay, which gives up after minutes; a day is ample. */
export const REALTIME_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_BATCH = 5_000;

/**
 * Deletes sealed realtime rows older than the retention, a bounded batch per call. The newest
 * row always stays: the next positions continue from it, and a client whose Last-Event-ID is
 * older than what is left is told to rebuild from a snapshot (replayRealtimeEvents). Audit
 * events are a different table and are never pruned.
 */
export async function pruneRealtimeEvents(db: PrismaClient, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - REALTIME_RETENTION_MS);
  return db.$executeRaw`
    DELETE FROM realtime_events WHERE id IN (
      SELECT id FROM realtime_events
      WHERE created_at < ${cutoff} AND position IS NOT NULL
        AND position < (SELECT max(position) FROM realtime_events)
      ORDER BY position LIMIT ${PRUNE_BATCH})`;
}
