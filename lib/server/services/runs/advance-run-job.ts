import "server-only";
import { db as defaultDb } from "@/lib/server/db";
import { type AdvanceRunOptions, type AdvanceRunOutcome, advanceRun } from "./advance-run";

/*
 * The worker side of a run's wake-up job. The run row decides everything (status, lease, stored
 * steps); a claim refused because the run ended or another process holds it ends the job. A
 * wake-up that collapsed into an earlier one of the same conversation is covered here: when the
 * named run cannot be claimed, the conversation's oldest other run that is free to claim is tried
 * (queued and unreserved, or queued or running with a lease lapsed by the database clock: a
 * sweep's wake-up for a dead owner's run collapses into any wake-up still waiting). An error (the
 * database went away) fails the job, which pg-boss retries with backoff.
 */
export async function advanceRunJob(
  runId: string,
  options: AdvanceRunOptions = {},
): Promise<AdvanceRunOutcome> {
  const db = options.db ?? defaultDb;
  const outcome = await advanceUnlessHeld(runId, options);
  if (outcome !== "not_claimed") return outcome;
  const [next] = await db.$queryRaw<{ id: string }[]>`
    SELECT other.id FROM runs AS named
      JOIN runs AS other ON other.conversation_id = named.conversation_id AND other.id <> named.id
     WHERE named.id = ${runId}
       AND ((other.status = 'queued' AND other.lease_owner IS NULL)
            OR (other.status IN ('queued', 'running') AND other.lease_expires_at < clock_timestamp()))
     ORDER BY other.created_at
     LIMIT 1`;
  return next ? advanceUnlessHeld(next.id, options) : outcome;
}

/** Advances a run unless a person holds its conversation; errors reach the caller. */
function advanceUnlessHeld(runId: string, options: AdvanceRunOptions): Promise<AdvanceRunOutcome> {
  return advanceRun(runId, { ...options, unlessHeldByHuman: true });
}
