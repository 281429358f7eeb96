import "server-only";
import { getServerEnv } from "@/lib/server/env";
import { notifyJobWorkers, runsJobWorkers } from "@/lib/server/process/jobs/job-runner";
import { type AdvanceRunOutcome, advanceRun, type RunContext } from "./advance-run";
import { advanceRunJob } from "./advance-run-job";
import { advanceInProcess } from "./in-process-runs";

// This process runs job workers (the app server) and the run goes on in the background: in this
// process ("advancing_in_background") or, past its limit, from its wake-up job ("handed_to_worker").
export type LaunchOutcome = AdvanceRunOutcome | "advancing_in_background" | "handed_to_worker";

/*
 * Starts a run whose wake-up job is already committed (see wake-run.ts). Where this process runs
 * job workers (the app server), the request does not hold a promise for the run: the process
 * advances it in the background at once (in-process-runs.ts), or wakes its job workers when it
 * already advances RUNS_PER_PROCESS runs. Elsewhere (tests, the CLI, the benches) it advances the
 * run in process and resolves when it ends; the wake-up job a server may pick up later then finds
 * the run ended and does nothing. No run (queueRun found a person holding the conversation)
 * starts nothing.
 */
export function launchRun(
  input: { runId: string | null; reservation?: string },
  context: RunContext,
): Promise<LaunchOutcome> {
  const { runId, reservation } = input;
  if (runId === null) return Promise.resolve("not_claimed");
  const run = { runId, ...(reservation && { reservation }) };
  if (runsJobWorkers()) {
    const limit = getServerEnv().RUNS_PER_PROCESS;
    if (advanceInProcess(limit, runId, () => advanceRunJob(run, context))) {
      return Promise.resolve("advancing_in_background");
    }
    notifyJobWorkers("run-advance");
    return Promise.resolve("handed_to_worker");
  }
  return advanceRun({ ...run, unlessHeldByHuman: true }, context).catch((error: unknown) => {
    context.logger.error({ err: error, runId }, "advancing run failed");
    return "failed" as const;
  });
}
