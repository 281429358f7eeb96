import "server-only";
import {
  type AdvanceRunInput,
  type AdvanceRunOutcome,
  advanceRun,
  type RunContext,
} from "./advance-run";

export type AdvanceRunJobInput = Omit<AdvanceRunInput, "unlessHeldByHuman">;

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
  input: AdvanceRunJobInput,
  context: RunContext,
): Promise<AdvanceRunOutcome> {
  const { runId } = input;
  const outcome = await advanceUnlessHeld(input, context);
  if (outcome !== "not_claimed") return outcome;
  const [next] = await context.db.$queryRaw<{ id: string }[]>`
    SELECT other.id FROM runs AS named
      JOIN runs AS other ON other.conversation_id = named.conversation_id AND other.id <> named.id
     WHERE named.id = ${runId}
       AND ((other.status = 'queued' AND other.lease_owner IS NULL)
            OR (other.status IN ('queued', 'running') AND other.lease_expires_at < clock_timestamp()))
     ORDER BY other.created_at
     LIMIT 1`;
  return next ? advanceUnlessHeld({ ...input, runId: next.id }, context) : outcome;
}

/** Advances a run unless a person holds its conversation; errors reach the caller. */
function advanceUnlessHeld(
  input: AdvanceRunJobInput,
  context: RunContext,
): Promise<AdvanceRunOutcome> {
  return advanceRun({ ...input, unlessHeldByHuman: true }, context);
}
