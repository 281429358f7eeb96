import "server-only";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { UNSEALED_CHANNEL } from "@/lib/server/realtime/publish";
import { insertMessageSql, type MessageSqlRow } from "@/lib/server/repositories/message-repository";
import type { StepEffect } from "./write-steps";

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
  const messageId = newId("msg");
  const [row] = await db.$queryRaw<{ id: string }[]>`
    WITH ${insertMessageSql("inserted", teamNoteRow(messageId, input))}
    SELECT id, (SELECT pg_notify(${UNSEALED_CHANNEL}, '')::text FROM inserted_event) AS notified
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

/*
 * The same note as an effect of the step write that stores its tool result (write-steps.ts):
 * written only if that result is (the fence matched and, for a result stored with its model
 * output, no stop was requested), in its statement, so the note and the result share one commit
 * and one flush. The write's own pg_notify wakes the sealer for both events. Only for
 * a call that has never run (its note cannot exist yet); a call run again after a crash goes
 * through recordTeamNote, which finds the note it made.
 */
export function teamNoteEffect(
  input: {
    conversationId: string;
    runId: string;
    note: string;
    dedupeKey: string;
    /** The call whose stored result the note goes with: no result stored, no note. */
    toolCallId: string;
  },
  name: string,
): { messageId: string; effect: StepEffect } {
  const messageId = newId("msg");
  const ctes = insertMessageSql(
    name,
    teamNoteRow(messageId, input),
    Prisma.sql`EXISTS (SELECT 1 FROM stored
                        WHERE kind = 'tool_result' AND tool_call_id = ${input.toolCallId})`,
  );
  return { messageId, effect: { ctes, last: `${name}_event` } };
}

function teamNoteRow(
  id: string,
  input: { conversationId: string; runId: string; note: string; dedupeKey: string },
): MessageSqlRow {
  return {
    id,
    conversationId: input.conversationId,
    authorKind: "agent",
    visibility: "internal",
    body: input.note,
    runId: input.runId,
    dedupeKey: input.dedupeKey,
  };
}
