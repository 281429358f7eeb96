import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { createMessage } from "@/lib/server/repositories/message-repository";
import type { RunContext } from "./advance-run";
import { type LaunchOutcome, launchRun } from "./launch-run";
import { queueRun } from "./queue-run";

/*
 * Gives the agent a turn that no customer message started: after a staff decision, a button
 * confirmation or an executed refund, so it can tell the customer where things stand. The note
 * (internal, from the system) is what the agent reads as the reason for the turn.
 */
export async function requestAgentTurn(
  input: { conversationId: string; note: string; dedupeKey?: string },
  context: RunContext,
): Promise<{ runId: string | null; completion: Promise<LaunchOutcome> }> {
  const { db, model: provider } = context;
  const { runId } = await db.$transaction(async (tx) => {
    const conversation = await tx.conversation.findUnique({ where: { id: input.conversationId } });
    if (!conversation) throw new AppError("NOT_FOUND", "No such conversation");
    const note = await createMessage(
      tx,
      {
        conversationId: input.conversationId,
        authorKind: "system",
        visibility: "internal",
        body: input.note,
        dedupeKey: input.dedupeKey ?? null,
      },
      "silently",
    );
    // A repeated request (same dedupe key) does not give the agent a second turn.
    if (!note) {
      const latest = await tx.run.findFirst({
        where: { conversationId: input.conversationId },
        orderBy: { createdAt: "desc" },
        select: { id: true },
      });
      if (latest) return { runId: latest.id };
    }
    return queueRun(tx, { conversationId: input.conversationId, triggerMessageId: null, provider });
  });
  return { runId, completion: launchRun({ runId }, context) };
}
