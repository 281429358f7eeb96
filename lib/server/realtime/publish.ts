import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/*
 * Records a change for live staff screens inside the caller's transaction. The row id is the
 * SSE event id (replay after Last-Event-ID); pg_notify carries only that id and is delivered on
 * commit, so listeners never hear about a change that rolled back.
 */

export const REALTIME_CHANNEL = "countersign_events";

export type RealtimeEventInput = {
  topic: string;
  conversationId?: string | null;
  payload: Prisma.InputJsonValue;
};

export async function publishRealtime(
  tx: Prisma.TransactionClient,
  event: RealtimeEventInput,
): Promise<bigint> {
  // One statement, not an insert and then a notify: a round trip fewer for every event (an agent
  // step publishes two or three). pg_notify returns void, which Prisma cannot read: hence ::text.
  const [row] = await tx.$queryRaw<{ id: bigint }[]>`
    WITH event AS (
      INSERT INTO realtime_events (topic, conversation_id, payload)
      VALUES (${event.topic}, ${event.conversationId ?? null}, ${JSON.stringify(event.payload)}::jsonb)
      RETURNING id)
    SELECT id, pg_notify(${REALTIME_CHANNEL}, id::text)::text AS notified FROM event`;
  if (!row) throw new Error("realtime event was not stored");
  return row.id;
}
