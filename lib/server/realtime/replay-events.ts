import "server-only";
import { db } from "@/lib/server/db";

export type RealtimeEventRecord = {
  id: bigint;
  topic: string;
  conversationId: string | null;
  payload: unknown;
  createdAt: Date;
};

const select = {
  id: true,
  topic: true,
  conversationId: true,
  payload: true,
  createdAt: true,
} as const;

export async function loadRealtimeEventsById(ids: bigint[]): Promise<RealtimeEventRecord[]> {
  return db.realtimeEvent.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" }, select });
}

export async function loadRealtimeEventsAfter(
  afterId: bigint,
  limit: number,
): Promise<RealtimeEventRecord[]> {
  return db.realtimeEvent.findMany({
    where: { id: { gt: afterId } },
    orderBy: { id: "asc" },
    take: limit,
    select,
  });
}

export async function latestRealtimeEventId(): Promise<bigint | null> {
  const row = await db.realtimeEvent.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
  return row?.id ?? null;
}

export type Replay =
  | { kind: "events"; events: RealtimeEventRecord[]; latestId: bigint | null }
  // The client must rebuild its screen from the server: too much was missed, the id is unknown
  // (a reset database), or old events were pruned.
  | { kind: "snapshot"; reason: string; latestId: bigint | null };

export const MAX_REPLAY_EVENTS = 500;

/**
 * What a client that last saw `lastEventId` missed. Replays at most MAX_REPLAY_EVENTS rows;
 * beyond that a fresh snapshot is cheaper than a flood of stale updates.
 */
export async function replayRealtimeEvents(lastEventId: bigint | null): Promise<Replay> {
  const latestId = await latestRealtimeEventId();
  if (lastEventId === null) return { kind: "snapshot", reason: "first_connection", latestId };
  if (latestId !== null && lastEventId > latestId) {
    return { kind: "snapshot", reason: "unknown_event_id", latestId };
  }
  if (latestId === null || lastEventId === latestId)
    return { kind: "events", events: [], latestId };

  const events = await loadRealtimeEventsAfter(lastEventId, MAX_REPLAY_EVENTS + 1);
  if (events.length > MAX_REPLAY_EVENTS)
    return { kind: "snapshot", reason: "too_many_missed", latestId };
  // A first replayed id beyond lastEventId + 1 with nothing at or below lastEventId: pruned rows.
  const first = events[0];
  if (first && first.id > lastEventId + 1n) {
    const older = await db.realtimeEvent.findFirst({
      where: { id: { lte: lastEventId } },
      select: { id: true },
    });
    if (!older) return { kind: "snapshot", reason: "events_pruned", latestId };
  }
  return { kind: "events", events, latestId };
}
