import "server-only";
import { notifyJobWorkers, runsJobWorkers } from "@/lib/server/jobs/job-runner";
import { getLogger } from "@/lib/server/logger";
import { type AdvanceRunOptions, type AdvanceRunOutcome, advanceRun } from "./advance-run";

// "handed_to_worker": this process runs job workers, which advance the run from its wake-up job.
export type LaunchOutcome = AdvanceRunOutcome | "handed_to_worker";

/*
 * Starts a run whose wake-up job is already committed (see wake-run.ts). Where this process runs
 * job workers (the app server), it only wakes them, so the run starts at once here without the
 * request holding a promise for it. Elsewhere (tests, the CLI, the benches) it advances the run
 * in process and resolves when it ends; the wake-up job a server may pick up later then finds the
 * run ended and does nothing. No run (queueRun found a person holding the conversation) starts
 * nothing.
 */
export function launchRun(
  runId: string | null,
  options: AdvanceRunOptions = {},
): Promise<LaunchOutcome> {
  if (runId === null) return Promise.resolve("not_claimed");
  if (runsJobWorkers()) {
    notifyJobWorkers("run-advance");
    return Promise.resolve("handed_to_worker");
  }
  return advanceUnlessHeld(runId, options).catch((error: unknown) => {
    getLogger().error({ err: error, runId }, "advancing run failed");
    return "failed" as const;
  });
}

/** Advances a run unless a person holds its conversation; errors reach the caller. */
export async function advanceUnlessHeld(
  runId: string,
  options: AdvanceRunOptions,
): Promise<AdvanceRunOutcome> {
  return advanceRun(runId, { ...options, unlessHeldByHuman: true });
}
