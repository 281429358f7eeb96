import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { transitionRun } from "@/lib/domain/run-lifecycle";
import { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { db as defaultDb } from "@/lib/server/db";
import { publishRealtime } from "@/lib/server/realtime/publish";
import type { AdvanceRunOptions } from "./advance-run";
import { isHeldByHuman } from "./human-hold";
import { type LaunchOutcome, launchRun } from "./launch-run";
import { runStateColumns } from "./run-transitions";
import { enqueueRunWakeUp } from "./wake-run";

// Puts a stopped or failed run back in the queue; it continues from its last stored step.
export async function resumeRun(
  runId: string,
  actor: Actor,
  options: AdvanceRunOptions & { db?: PrismaClient } = {},
): Promise<{ runId: string; completion: Promise<LaunchOutcome> }> {
  const db = options.db ?? defaultDb;
  await db.$transaction(async (tx) => {
    const run = await tx.run.findUnique({ where: { id: runId } });
    if (!run) throw new AppError("NOT_FOUND", `Run ${runId} not found`);
    if (await isHeldByHuman(tx, run.conversationId)) {
      throw new AppError(
        "CONFLICT",
        "A person has taken this conversation over; hand it back first",
      );
    }
    const decision = transitionRun(
      {
        status: run.status,
        // Ending a run (finishRun, stopRun) always clears its lease.
        lease: "free",
        stopRequested: run.stopRequestedAt !== null,
      },
      { type: "resumed" },
    );
    if (!decision.ok) {
      throw new AppError(
        "CONFLICT",
        `Run ${runId} is ${run.status}; only a stopped or failed run can be resumed`,
      );
    }
    const touched = await tx.run.updateMany({
      where: { id: runId, status: run.status },
      data: {
        ...runStateColumns(decision.run),
        stopRequestedAt: null,
        error: null,
        finishedAt: null,
      },
    });
    if (touched.count !== 1) throw new AppError("CONFLICT", `Run ${runId} changed meanwhile`);
    await enqueueRunWakeUp(tx, { runId, conversationId: run.conversationId });
    await publishRealtime(tx, {
      topic: "run.status",
      conversationId: run.conversationId,
      payload: { runId, status: "queued" },
    });
    await appendAuditEvents(tx, [
      {
        kind: "run.resumed",
        subjectType: "run",
        subjectId: runId,
        actor,
        occurredAt: new Date(),
        payload: { conversationId: run.conversationId, fromStatus: run.status, processId: null },
      },
    ]);
  });
  return { runId, completion: launchRun(runId, { ...options, db }) };
}
