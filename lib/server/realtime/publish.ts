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
  const row = await tx.realtimeEvent.create({
    data: {
      topic: event.topic,
      conversationId: event.conversationId ?? null,
      payload: event.payload,
    },
    select: { id: true },
  });
  await tx.$executeRaw`SELECT pg_notify(${REALTIME_CHANNEL}, ${row.id.toString()})`;
  return row.id;
}
