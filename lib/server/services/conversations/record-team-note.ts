import "server-only";
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { UNSEALED_CHANNEL } from "@/lib/server/realtime/publish";

/*
 * The agent's internal note on a ticket, stored once per dedupe key (a re-executed tool call lands
 * on the row it created) and announced to the ticket's viewers only when it is new. One
 * statement: the note, and its realtime event only if the note was new; otherwise the stored
 * note's id.
 */
export async function recordTeamNote(
  db: PrismaClient,
  input: { conversationId: string; runId: string; note: string; dedupeKey: string },
): Promise<{ messageId: string }> {
  const { conversationId, dedupeKey } = input;
  const messageId = randomUUID();
  const [row] = await db.$queryRaw<{ id: string }[]>`
    WITH inserted AS (
      INSERT INTO messages
        (id, conversation_id, author_kind, visibility, body, run_id, dedupe_key, created_at)
      VALUES (${messageId}, ${conversationId}, 'agent', 'internal', ${input.note}, ${input.runId},
              ${dedupeKey}, ${new Date().toISOString()}::timestamptz)
      ON CONFLICT (conversation_id, dedupe_key) DO NOTHING
      RETURNING id
    ), event AS (
      INSERT INTO realtime_events (topic, conversation_id, payload)
      SELECT 'message.created', ${conversationId},
             ${JSON.stringify({ messageId, visibility: "internal" })}::jsonb
        FROM inserted
      RETURNING id
    )
    SELECT id, (SELECT pg_notify(${UNSEALED_CHANNEL}, '')::text FROM event) AS notified
      FROM inserted
    UNION ALL
    SELECT id, NULL FROM messages
     WHERE conversation_id = ${conversationId} AND dedupe_key = ${dedupeKey}
       AND NOT EXISTS (SELECT 1 FROM inserted)`;
  if (row) return { messageId: row.id };
  // The same key was being stored concurrently and committed after this statement began.
  const stored = await db.message.findUniqueOrThrow({
    where: { conversationId_dedupeKey: { conversationId, dedupeKey } },
    select: { id: true },
  });
  return { messageId: stored.id };
}
