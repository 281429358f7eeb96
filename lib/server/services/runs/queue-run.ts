import "server-only";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { newRunState } from "@/lib/domain/run-lifecycle";
import type { Prisma } from "@/lib/generated/prisma/client";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { isHeldByHuman } from "./human-hold";
import { reserveRunLease } from "./run-lease";
import { enqueueRunWakeUp } from "./wake-run";

/*
 * Puts a turn in line for the conversation. A run that is queued and not yet picked up will read
 * the new message when it starts, so a burst of messages makes one run, not one per message.
 * Its wake-up job commits with it; a reserved run gets its own once the reservation's holder is
 * done (post-customer-message.ts).
 */
export async function queueRun(
  tx: Prisma.TransactionClient,
  input: {
    conversationId: string;
    triggerMessageId: string | null;
    provider: ModelProvider;
    // Reserve the new run for the caller (see reserveRunLease) instead of joining a waiting one.
    reservation?: string;
  },
): Promise<{ runId: string | null; created: boolean }> {
  if (await isHeldByHuman(tx, input.conversationId)) return { runId: null, created: false };
  if (!input.reservation) {
    const waiting = await tx.run.findFirst({
      where: { conversationId: input.conversationId, status: "queued", leaseOwner: null },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    });
    if (waiting) {
      await enqueueRunWakeUp(tx, { runId: waiting.id, conversationId: input.conversationId });
      return { runId: waiting.id, created: false };
    }
  }
  const run = await tx.run.create({
    data: {
      status: newRunState().status,
      conversationId: input.conversationId,
      triggerMessageId: input.triggerMessageId,
      provider: input.provider.id,
      model: input.provider.model,
    },
  });
  if (input.reservation) await reserveRunLease(tx, run.id, input.reservation);
  else await enqueueRunWakeUp(tx, { runId: run.id, conversationId: input.conversationId });
  await tx.conversation.update({
    where: { id: input.conversationId },
    data: { status: "agent_working" },
  });
  await publishRealtime(tx, {
    topic: "run.status",
    conversationId: input.conversationId,
    payload: { runId: run.id, status: run.status },
  });
  return { runId: run.id, created: true };
}
