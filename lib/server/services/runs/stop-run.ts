import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { transitionRun } from "@/lib/domain/run-lifecycle";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { handBackConversation } from "./finish-run";
import { abortRunInProcess } from "./run-controllers";
import { leaseOf, runStateColumns } from "./run-transitions";

/*
 * Stop asks; the process holding the lease obeys. In this process the in-flight model request
 * is aborted at once; another instance sees `stopRequestedAt` on its next heartbeat. A run that
 * nobody has picked up yet is stopped right here. Either way it stays resumable, and the audit
 * trail names who asked: run.stopped by them here, or run.stop_requested by them and run.stopped
 * by the process that obeyed.
 */
export async function stopRun(
  input: { runId: string; actor: Actor },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ status: string }> {
  const { runId, actor } = input;
  const now = context.now();
  const status = await context.db.$transaction(async (tx) => {
    // The row lock makes concurrent Stop clicks take turns: the first stops the run and writes
    // the one `run.stopped` event, the others then find it stopped and answer CONFLICT.
    // Whether the lease lapsed is the database clock's call, as for every lease (run-lease.ts).
    const [lease] = await tx.$queryRaw<{ lapsed: boolean }[]>`
      SELECT (lease_expires_at IS NULL OR lease_expires_at < clock_timestamp()) AS lapsed
        FROM runs WHERE id = ${runId} FOR UPDATE`;
    const run = await tx.run.findUnique({ where: { id: runId } });
    if (!run || !lease) throw new AppError("NOT_FOUND", `Run ${runId} not found`);
    const decision = transitionRun(
      {
        status: run.status,
        lease: leaseOf(run.leaseOwner, lease.lapsed),
        stopRequested: run.stopRequestedAt !== null,
      },
      { type: "stop_requested" },
    );
    // Asked already: the holder is on its way to stopping, and the first asker is on record.
    if (!decision.ok && decision.error.code === "STOP_ALREADY_REQUESTED") return "stopping";
    if (!decision.ok) throw new AppError("CONFLICT", `Run ${runId} is ${run.status}, not running`);
    // Nobody held the run: it stopped here. Otherwise its holder was asked and stops itself.
    const unclaimed = decision.run.status === "stopped";
    await tx.run.update({
      where: { id: runId },
      data: { stopRequestedAt: now, ...runStateColumns(decision.run) },
    });
    if (unclaimed) {
      await handBackConversation(tx, run.conversationId, { status: "stopped" });
      await publishRealtime(tx, {
        topic: "run.status",
        conversationId: run.conversationId,
        payload: { runId, status: "stopped" },
      });
      await appendAuditEvents(tx, [
        {
          kind: "run.stopped",
          subjectType: "run",
          subjectId: runId,
          actor,
          occurredAt: now,
          payload: {
            conversationId: run.conversationId,
            stepCount: run.stepCount,
            processId: null,
          },
        },
      ]);
    } else {
      await appendAuditEvents(tx, [
        {
          kind: "run.stop_requested",
          subjectType: "run",
          subjectId: runId,
          actor,
          occurredAt: now,
          payload: {
            conversationId: run.conversationId,
            stepCount: run.stepCount,
            leaseOwner: run.leaseOwner,
          },
        },
      ]);
    }
    return unclaimed ? "stopped" : "stopping";
  });
  abortRunInProcess(runId, "stop");
  return { status };
}
