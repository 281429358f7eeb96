import "server-only";
import type { RunContext } from "./advance-run";
import { type LaunchOutcome, launchRun } from "./launch-run";
import { enqueueRunWakeUp } from "./wake-run";

// A queued run is left to the process that queued it for this long before anyone else takes it.
const QUEUED_GRACE_SECONDS = 5;
const BATCH = 20;

/*
 * Any instance may pick up a run whose lease or reservation lapsed (its process died or hung) or
 * that sat queued with nobody working on it. Claiming is still the conditional update in advanceRun, so
 * two instances sweeping at once advance each run only once.
 */
export async function resumeLapsedRuns(
  _input: Record<string, never>,
  context: RunContext,
): Promise<{ runId: string; completion: Promise<LaunchOutcome> }[]> {
  const { db } = context;
  const candidates = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM runs
     WHERE (status = 'running' AND lease_expires_at < now())
        OR (status = 'queued' AND lease_owner IS NOT NULL AND lease_expires_at < now())
        OR (status = 'queued' AND lease_owner IS NULL
            AND updated_at < now() - make_interval(secs => ${QUEUED_GRACE_SECONDS}))
     ORDER BY created_at
     LIMIT ${BATCH}`;
  // Each gets a wake-up job (one waiting per conversation), so the claim happens on a worker.
  const runs = await db.run.findMany({
    where: { id: { in: candidates.map(({ id }) => id) } },
    select: { id: true, conversationId: true },
  });
  for (const run of runs) {
    await enqueueRunWakeUp(db, { runId: run.id, conversationId: run.conversationId });
  }
  // Not awaited where no job workers run (tests, the CLI): a long turn must not hold up the
  // sweep that found it. With workers, launchRun only wakes them.
  return candidates.map(({ id }) => ({ runId: id, completion: launchRun({ runId: id }, context) }));
}
