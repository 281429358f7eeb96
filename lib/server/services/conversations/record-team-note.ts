import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { publishRealtime } from "@/lib/server/realtime/publish";

/*
 * The agent's internal note on a ticket, stored once per dedupe key (a re-executed tool call lands
 * on the row it created) and announced to the ticket's viewers only when it is new.
 */
export async function recordTeamNote(
  db: PrismaClient,
  input: { conversationId: string; runId: string; note: string; dedupeKey: string },
): Promise<{ messageId: string }> {
  const { conversationId, dedupeKey } = input;
  return db.$transaction(async (tx) => {
    const { count } = await tx.message.createMany({
      data: [
        {
          conversationId,
          authorKind: "agent",
          visibility: "internal",
          body: input.note,
          runId: input.runId,
          dedupeKey,
        },
      ],
      skipDuplicates: true,
    });
    const row = await tx.message.findUniqueOrThrow({
      where: { conversationId_dedupeKey: { conversationId, dedupeKey } },
    });
    if (count === 1) {
      await publishRealtime(tx, {
        topic: "message.created",
        conversationId,
        payload: { messageId: row.id, visibility: "internal" },
      });
    }
    return { messageId: row.id };
  });
}
