import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { transitionRun } from "@/lib/domain/run-lifecycle";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import type { RunContext } from "./advance-run";
import { isHeldByHuman } from "./human-hold";
import { type LaunchOutcome, launchRun } from "./launch-run";
import { runStateColumns } from "./run-transitions";
import { enqueueRunWakeUp } from "./wake-run";

// Puts a stopped or failed run back in the queue; it continues from its last stored step.
export async function resumeRun(
  input: { runId: string; actor: Actor },
  context: RunContext,
): Promise<{ runId: string; completion: Promise<LaunchOutcome> }> {
  const { runId, actor } = input;
  const now = context.now();
  await context.db.$transaction(async (tx) => {
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
        occurredAt: now,
        payload: { conversationId: run.conversationId, fromStatus: run.status, processId: null },
      },
    ]);
  });
  return { runId, completion: launchRun({ runId }, context) };
}
