import "server-only";
import { followUpDecision } from "@/lib/server/services/approvals/follow-up-decision";
import { applyRetention } from "@/lib/server/services/retention/apply-retention";
import { advanceRunJob } from "@/lib/server/services/runs/advance-run-job";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import type { JobWorkers } from "./job-runner";
import { runSweepTick } from "./sweep-tick";

/*
 * What each job of job-definitions.ts does when a worker takes it: the one place where the
 * queue meets the services. Every job has a handler here; start-background-work.ts starts them.
 */
export function jobWorkers(options: {
  runConcurrency: number;
  context: UseCaseContext;
}): Required<JobWorkers> {
  return {
    "run-advance": {
      concurrency: options.runConcurrency,
      handle: async ({ runId }) => {
        await advanceRunJob({ runId }, options.context);
      },
    },
    "approval-follow-up": {
      handle: async ({ actionId }) => {
        await followUpDecision({ actionId }, options.context);
      },
    },
    "sweep-tick": { handle: () => runSweepTick(options.context) },
    retention: {
      handle: async () => {
        await applyRetention({ dryRun: false, actor: { type: "system" } }, options.context);
      },
    },
  };
}
