import "server-only";
import { db as defaultDb } from "@/lib/server/db";
import type { AdvanceRunOptions, AdvanceRunOutcome } from "./advance-run";
import { advanceUnlessHeld } from "./launch-run";

/*
 * The worker side of a run's wake-up job. The run row decides everything (status, lease, stored
 * steps); a claim refused because the run ended or another process holds it ends the job. A
 * wake-up that collapsed into an earlier one of the same conversation is covered here: when the
 * named run cannot be claimed, the conversation's oldest free queued run is tried. An error (the
 * database went away) fails the job, which pg-boss retries with backoff.
 */
export async function advanceRunJob(
  runId: string,
  options: AdvanceRunOptions = {},
): Promise<AdvanceRunOutcome> {
  const db = options.db ?? defaultDb;
  const outcome = await advanceUnlessHeld(runId, options);
  if (outcome !== "not_claimed") return outcome;
  const run = await db.run.findUnique({ where: { id: runId }, select: { conversationId: true } });
  if (!run) return outcome;
  const next = await db.run.findFirst({
    where: {
      conversationId: run.conversationId,
      status: "queued",
      leaseOwner: null,
      id: { not: runId },
    },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  return next ? advanceUnlessHeld(next.id, options) : outcome;
}
