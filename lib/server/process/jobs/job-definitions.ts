import { z } from "zod";

/*
 * Every background job the app runs: its name, the payload its worker accepts (checked with zod
 * before the handler sees it, so a row written by an older release or by hand cannot reach a
 * handler malformed) and how its queue retries. Nothing here imports pg-boss: callers name jobs
 * and payloads; how they are stored is the seam's business (job-queue.ts, enqueue-job.ts).
 */

type QueuePolicy = "standard" | "short";

export type JobDefinition = {
  data: z.ZodType;
  // "short": at most one job per singleton key waits at a time (later ones are dropped as
  // duplicates); any number may run. "standard": no such limit.
  policy: QueuePolicy;
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  // A job active longer than this is taken as lost with its worker and retried.
  expireInSeconds: number;
};

export const JOB_DEFINITIONS = {
  // "Advance run X": the run row stays the truth (status, lease, step journal); the job only
  // wakes a worker. Keyed by conversation, so a burst of wake-ups for one conversation waits as one.
  "run-advance": {
    data: z.object({ runId: z.string().min(1) }),
    policy: "short",
    retryLimit: 5,
    retryDelaySeconds: 2,
    retryBackoff: true,
    // Longer than a run's time budget (RUN_TIME_BUDGET_MS, 180 s).
    expireInSeconds: 600,
  },
  // What must follow a committed staff decision: the team note and the agent's turn to tell the
  // customer (and the payment, if the deciding request died before it).
  "approval-follow-up": {
    data: z.object({ actionId: z.string().min(1) }),
    policy: "standard",
    retryLimit: 10,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 300,
  },
  // The sweeps (pending-action expiry and reconciliation, idle chat sessions, lapsed runs, the
  // outbox). Each tick queues the next one (see sweep-tick.ts).
  "sweep-tick": {
    data: z.object({}),
    policy: "short",
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 600,
  },
  retention: {
    data: z.object({}),
    policy: "short",
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 3600,
  },
} as const satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof JOB_DEFINITIONS;

export type JobData<Name extends JobName> = z.output<(typeof JOB_DEFINITIONS)[Name]["data"]>;

export const JOB_NAMES = Object.keys(JOB_DEFINITIONS) as JobName[];

/** Where a job lands once its retries are spent; its worker logs it at error level. */
export const DEAD_LETTER_QUEUE = "dead-letters";

/** The Postgres schema pg-boss keeps its tables in, inside the app's own database. */
export const JOB_SCHEMA = "pgboss";
