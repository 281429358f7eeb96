import "server-only";
import type { ConversationStatus, Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { retryOnTransactionConflict } from "@/lib/server/prisma-errors";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { retryTransientDatabaseErrors } from "@/lib/server/retry-transient";
import { SYSTEM_ACTOR } from "./run-audit-events";
import { assertLease, LeaseLostError } from "./run-lease";
import { nextRunState, runStateColumns } from "./run-transitions";

export type RunEnding =
  | { status: "completed" }
  | { status: "stopped" }
  | { status: "failed"; error: string };

// Ends this process's hold on a run: status, lease release, audit event and realtime publish
// commit together, and only if we still hold the lease. A database outage is waited out; an
// attempt after one whose COMMIT answer was lost finds the run already ended so and is done.
export async function finishRun(
  db: PrismaClient,
  runId: string,
  owner: string,
  ending: RunEnding,
): Promise<void> {
  await retryTransientDatabaseErrors(
    async (attempt) => {
      try {
        await retryOnTransactionConflict(() => finishRunOnce(db, runId, owner, ending));
      } catch (error) {
        if (attempt === 1 || !(error instanceof LeaseLostError)) throw error;
        const run = await db.run.findUnique({ where: { id: runId }, select: { status: true } });
        if (run?.status !== ending.status) throw error;
      }
    },
    { label: "finish run" },
  );
}

async function finishRunOnce(
  db: PrismaClient,
  runId: string,
  owner: string,
  ending: RunEnding,
): Promise<void> {
  await db.$transaction(async (tx) => {
    const held = await assertLease(tx, runId, owner);
    const next = nextRunState(runId, held, { type: ending.status });
    const now = new Date();
    const run = await tx.run.update({
      where: { id: runId },
      data: {
        ...runStateColumns(next),
        error: ending.status === "failed" ? ending.error : null,
        finishedAt: ending.status === "stopped" ? null : now,
      },
    });
    const base = {
      subjectType: "run" as const,
      subjectId: runId,
      actor: SYSTEM_ACTOR,
      occurredAt: now,
    };
    const common = { conversationId: run.conversationId, stepCount: run.stepCount };
    await handBackConversation(tx, run.conversationId, ending);
    await publishRealtime(tx, {
      topic: "run.status",
      conversationId: run.conversationId,
      payload: { runId, status: ending.status },
    });
    // Last in the transaction: the audit chain lock is held until commit.
    await appendAuditEvents(tx, [
      ending.status === "completed"
        ? {
            ...base,
            kind: "run.completed",
            payload: {
              ...common,
              inputTokens: run.inputTokens,
              outputTokens: run.outputTokens,
              costMicroUsd: run.costMicroUsd,
            },
          }
        : ending.status === "stopped"
          ? { ...base, kind: "run.stopped", payload: { ...common, processId: owner } }
          : { ...base, kind: "run.failed", payload: { ...common, error: ending.error } },
    ]);
  });
}

// What the inbox should show once the agent is done: whose move it is now.
/**
 * Action services set the status when money moves; a run that ends only hands back a
 * conversation it had marked as being worked on (or reports its own failure).
 */
export async function handBackConversation(
  tx: Prisma.TransactionClient,
  conversationId: string,
  ending: RunEnding,
): Promise<void> {
  await tx.conversation.updateMany({
    where: { id: conversationId, ...(ending.status !== "failed" && { status: "agent_working" }) },
    data: { status: await conversationStatusAfterRun(tx, conversationId, ending) },
  });
}

async function conversationStatusAfterRun(
  tx: Prisma.TransactionClient,
  conversationId: string,
  ending: RunEnding,
): Promise<ConversationStatus> {
  if (ending.status === "failed") return "failed";
  const actions = await tx.pendingAction.findMany({
    where: { conversationId },
    orderBy: { createdAt: "desc" },
    select: { status: true },
  });
  const has = (status: string) => actions.some((action) => action.status === status);
  if (has("needs_reconciliation")) return "needs_reconciliation";
  if (has("awaiting_approval")) return "needs_approval";
  // A refund that went through, with nothing else pending, settles the ticket.
  if (actions[0]?.status === "executed") return "resolved";
  return "waiting_on_customer";
}
