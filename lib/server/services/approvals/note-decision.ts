import "server-only";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { selectProvider } from "@/lib/agent/model/select-provider";
import { formatMoney } from "@/lib/domain/money";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { shortHash } from "@/lib/domain/quote";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getServerEnv } from "@/lib/server/env";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { queueRun } from "@/lib/server/services/runs/queue-run";

export type NotedDecision = {
  decision: "approve" | "reject";
  note?: string | undefined;
  deciderId: string;
};

/*
 * Writes a settled decision into the thread as a team note and queues the agent's turn to tell
 * the customer (with its wake-up job), in one transaction. Keyed by action: a decision is made
 * once, so a second call (the follow-up job after the request did it) writes nothing and queues
 * nothing. An email ticket whose refund was paid gets no turn: the refund email told the customer.
 */
export async function noteDecision(
  db: PrismaClient,
  action: PendingActionState,
  input: NotedDecision,
  providerOverride?: ModelProvider,
): Promise<{ runId: string | null }> {
  const provider = providerOverride ?? selectProvider(getServerEnv());
  const amount = formatMoney(action.quote.netRefundCents, action.quote.currency);
  const quote = `quote ${shortHash(action.quoteHash)}`;
  const body =
    input.decision === "approve"
      ? `Approved the refund of ${amount} (${quote}).${input.note ? ` Note: ${input.note}` : ""}`
      : `Rejected the refund of ${amount} (${quote}). Reason for the customer: ${input.note}`;
  const runId = await db.$transaction(async (tx) => {
    // Keyed by action: a decision is made once, so its note is written once.
    const dedupeKey = `decision:${action.id}`;
    const { count } = await tx.message.createMany({
      data: [
        {
          conversationId: action.conversationId,
          authorKind: "staff",
          visibility: "internal",
          staffUserId: input.deciderId,
          body,
          dedupeKey,
        },
      ],
      skipDuplicates: true,
    });
    if (count === 0) return null;
    const message = await tx.message.findUniqueOrThrow({
      where: { conversationId_dedupeKey: { conversationId: action.conversationId, dedupeKey } },
      select: { id: true },
    });
    await publishRealtime(tx, {
      topic: "message.created",
      conversationId: action.conversationId,
      payload: { messageId: message.id, visibility: "internal" },
    });
    if (action.channel === "email" && action.status === "executed") return null;
    const queued = await queueRun(tx, {
      conversationId: action.conversationId,
      triggerMessageId: message.id,
      provider,
    });
    return queued.runId;
  });
  return { runId };
}
