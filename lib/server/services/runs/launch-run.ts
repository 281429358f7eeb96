import "server-only";
import { getLogger } from "@/lib/server/logger";
import { type AdvanceRunOptions, type AdvanceRunOutcome, advanceRun } from "./advance-run";

// Starts advancing a run in this process without making the caller (an HTTP request) wait.
// The lease makes it safe if another instance's sweeper reaches the same run first.
export function launchRun(
  runId: string,
  options: AdvanceRunOptions = {},
): Promise<AdvanceRunOutcome> {
  return advanceRun(runId, options).catch((error: unknown) => {
    getLogger().error({ err: error, runId }, "advancing run failed");
    return "failed" as const;
  });
}
