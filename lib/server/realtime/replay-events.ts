import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";

/** A sealed realtime event. `position` is its SSE id: gapless, in commit order. */
export type RealtimeEventRecord = {
  position: bigint;
  id: bigint;
  topic: string;
  conversationId: string | null;
  payload: unknown;
  createdAt: Date;
};

const select = {
  id: true,
  position: true,
  topic: true,
  conversationId: true,
  payload: true,
  createdAt: true,
} as const;

/** Sealed events after `afterPosition`, in position order. */
export async function loadRealtimeEventsAfter(
  afterPosition: bigint,
  limit: number,
): Promise<RealtimeEventRecord[]> {
  const rows = await db.realtimeEvent.findMany({
    where: { position: { gt: afterPosition } },
    orderBy: { position: "asc" },
    take: limit,
    select,
  });
  return rows as RealtimeEventRecord[];
}

/** The newest sealed position, read through `reader` (a use case passes its own database). */
export async function latestRealtimePosition(reader: PrismaClient): Promise<bigint | null> {
  const result = await reader.realtimeEvent.aggregate({ _max: { position: true } });
  return result._max.position;
}

export type Replay =
  | { kind: "events"; events: RealtimeEventRecord[]; latestId: bigint | null }
  // The client must rebuild its screen from the server: too much was missed, the id is unknown
  // (a reset database), or old events were pruned.
  | { kind: "snapshot"; reason: string; latestId: bigint | null };

export const MAX_REPLAY_EVENTS = 500;

/**
 * What a client that last saw position `lastEventId` missed: every sealed event after it, in
 * order, at most MAX_REPLAY_EVENTS; beyond that a fresh snapshot is cheaper than a flood of
 * stale updates. Positions have no gaps, so a first event past `lastEventId + 1` means pruning.
 */
export async function replayRealtimeEvents(lastEventId: bigint | null): Promise<Replay> {
  const latestId = await latestRealtimePosition(db);
  if (lastEventId === null) return { kind: "snapshot", reason: "first_connection", latestId };
  // Position 0 is "before the first event": what a snapshot of an empty log hands out.
  const head = latestId ?? 0n;
  if (lastEventId > head) return { kind: "snapshot", reason: "unknown_event_id", latestId };
  if (lastEventId === head) return { kind: "events", events: [], latestId };

  const events = await loadRealtimeEventsAfter(lastEventId, MAX_REPLAY_EVENTS + 1);
  if (events.length > MAX_REPLAY_EVENTS) {
    return { kind: "snapshot", reason: "too_many_missed", latestId };
  }
  const first = events[0];
  if (!first || first.position !== lastEventId + 1n) {
    return { kind: "snapshot", reason: "events_pruned", latestId };
  }
  return { kind: "events", events, latestId };
}
