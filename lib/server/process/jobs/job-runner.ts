import PgBoss from "pg-boss";
import { utcConnection } from "@/lib/server/database-session";
import {
  DEAD_LETTER_QUEUE,
  JOB_DEFINITIONS,
  JOB_SCHEMA,
  type JobData,
  type JobName,
} from "./job-definitions";
import { ensureJobQueues } from "./job-queues";

export type JobWorker<Name extends JobName> = {
  handle: (data: JobData<Name>, job: { id: string; attempt: number }) => Promise<void>;
  // How many jobs of this queue this process works on at once (one pg-boss worker each).
  concurrency?: number;
};

export type JobWorkers = { [Name in JobName]?: JobWorker<Name> };

export type DeadLetter = { id: string; data: unknown; error: unknown };

export type JobRunnerOptions = {
  databaseUrl: string;
  workers: JobWorkers;
  // Cron schedules (minute resolution), e.g. a safety net that re-queues a self-renewing job.
  schedules?: { name: JobName; cron: string; singletonKey?: string }[];
  pollingIntervalSeconds: number;
  onDeadLetter: (deadLetter: DeadLetter) => Promise<void> | void;
  onError: (error: Error) => void;
};

export type JobRunner = {
  // Wakes this process's idle workers of a queue now, instead of at their next poll.
  notify: (name: JobName) => void;
  // Finishes the jobs in hand (up to `timeoutSeconds`), then closes the connections.
  stop: (timeoutSeconds?: number) => Promise<void>;
};

const globalForJobs = globalThis as unknown as { countersignJobRunners?: Set<JobRunner> };

function runners(): Set<JobRunner> {
  globalForJobs.countersignJobRunners ??= new Set();
  return globalForJobs.countersignJobRunners;
}

/*
 * Starts pg-boss (schema `pgboss` in the app's database) and this process's workers. A handler
 * that throws fails the job: pg-boss retries it with the queue's backoff, then moves it to the
 * dead-letter queue, whose worker reports it. One poison job never blocks the others: each
 * worker takes one job at a time and the queue moves on past failed ones.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const boss = new PgBoss({
    ...utcConnection(options.databaseUrl),
    schema: JOB_SCHEMA,
    application_name: "countersign-jobs",
    max: 4,
  });
  boss.on("error", options.onError);
  await boss.start();
  await ensureJobQueues(boss);

  const workerIds = new Map<JobName, string[]>();
  const work = { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: 1 };
  for (const name of Object.keys(options.workers) as JobName[]) {
    const worker = options.workers[name] as JobWorker<JobName>;
    const ids: string[] = [];
    for (let index = 0; index < (worker.concurrency ?? 1); index++) {
      ids.push(
        await boss.work(name, { ...work, includeMetadata: true }, async ([job]) => {
          if (!job) return;
          const data = JOB_DEFINITIONS[name].data.parse(job.data) as JobData<JobName>;
          await worker.handle(data, { id: job.id, attempt: job.retryCount + 1 });
        }),
      );
    }
    workerIds.set(name, ids);
  }
  await boss.work(DEAD_LETTER_QUEUE, { ...work, includeMetadata: true }, async ([job]) => {
    if (job) await options.onDeadLetter({ id: job.id, data: job.data, error: job.output });
  });
  for (const schedule of options.schedules ?? []) {
    await boss.schedule(
      schedule.name,
      schedule.cron,
      {},
      schedule.singletonKey ? { singletonKey: schedule.singletonKey } : {},
    );
  }

  const runner: JobRunner = {
    notify: (name) => {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },
    stop: async (timeoutSeconds = 30) => {
      runners().delete(runner);
      await boss.stop({ graceful: true, close: true, wait: true, timeout: timeoutSeconds * 1000 });
    },
  };
  runners().add(runner);
  return runner;
}

/** Wakes the idle workers of a queue in this process; a no-op where no runner is started. */
export function notifyJobWorkers(name: JobName): void {
  for (const runner of runners()) runner.notify(name);
}

/** Whether this process works on jobs (the app server does; tests, the CLI and benches do not). */
export function runsJobWorkers(): boolean {
  return runners().size > 0;
}
