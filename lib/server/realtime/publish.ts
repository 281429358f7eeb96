import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/*
 * Records a change for live staff screens inside the caller's transaction. The row gets its
 * position (the SSE event id) from the sealer after commit, in commit order, and only then do
 * listeners hear of it (REALTIME_CHANNEL carries the new head position). The notification sent
 * here only wakes the sealer early; pg_notify is delivered on commit, never for a rollback.
 */

/** The sealer notifies this with the newest sealed position after every batch. */
export const REALTIME_CHANNEL = "countersign_events";
/** Writers notify this (no payload) so the sealer seals at once instead of at its next poll. */
export const UNSEALED_CHANNEL = "countersign_unsealed";

export type RealtimeEventInput = {
  topic: string;
  conversationId?: string | null;
  payload: Prisma.InputJsonValue;
};

/** Returns the stored row's id; its position, the id clients see, is assigned on sealing. */
export async function publishRealtime(
  tx: Prisma.TransactionClient,
  event: RealtimeEventInput,
): Promise<bigint> {
  // One statement, not an insert and then a notify: a round trip fewer for every event (an agent
  // step publishes two or three). pg_notify returns void, which Prisma cannot read: hence ::text.
  // Postgres folds identical notifications of one transaction into one.
  const [row] = await tx.$queryRaw<{ id: bigint }[]>`
    WITH event AS (
      INSERT INTO realtime_events (topic, conversation_id, payload)
      VALUES (${event.topic}, ${event.conversationId ?? null}, ${JSON.stringify(event.payload)}::jsonb)
      RETURNING id)
    SELECT id, pg_notify(${UNSEALED_CHANNEL}, '')::text AS notified FROM event`;
  if (!row) throw new Error("realtime event was not stored");
  return row.id;
}
