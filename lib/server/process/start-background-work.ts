import "server-only";
import { startLogSealer } from "@/lib/server/audit/log-sealer";
import { db } from "@/lib/server/db";
import { getServerEnv } from "@/lib/server/env";
import { getLogger } from "@/lib/server/logger";
import { markInstanceStopped } from "@/lib/server/process/instances/instance-registry";
import { takeOverWork } from "@/lib/server/process/instances/take-over-work";
import { type InstanceWatch, watchInstances } from "@/lib/server/process/instances/watch-instances";
import { enqueueJob } from "@/lib/server/process/jobs/enqueue-job";
import {
  type DeadLetter,
  type JobRunner,
  startJobRunner,
} from "@/lib/server/process/jobs/job-runner";
import { startInboundSmtp } from "@/lib/server/services/email/start-inbound-smtp";
import { settleRunsInProcess } from "@/lib/server/services/runs/in-process-runs";
import { appContext } from "./app-context";
import { jobWorkers } from "./jobs/job-handlers";
import { SWEEP_TICK_KEY } from "./jobs/sweep-tick";
import { PROCESS_ID } from "./process-id";

const RETENTION_KEY = "retention";
// What the production server awaits between closing Next and exiting (scripts/run/next-server.mjs).
const BEFORE_EXIT = Symbol.for("countersign.beforeExit");

const globalForBackground = globalThis as unknown as {
  countersignBackground?: Promise<JobRunner>;
  countersignSealerStarted?: boolean;
  countersignInstanceWatch?: InstanceWatch;
};

/*
 * Every instance works on background jobs (./jobs, pg-boss in the app's database): agent
 * runs, approvals' follow-ups, the sweeps every 15 s (a self-renewing tick, see sweep-tick.ts) and
 * hourly retention. A first sweep and retention pass are queued at start-up, so runs orphaned by
 * a crash or deploy resume at once. With INBOUND_SMTP_PORT set, this instance also accepts mail
 * on that port. Every instance also runs the log sealer; one of them at a time leads
 * (lib/server/audit).
 */
export async function startBackgroundWork(): Promise<void> {
  globalForBackground.countersignBackground ??= start();
  // A server whose job workers cannot start still serves: it advances turns in process
  // (launch-run.ts) and the next instance that starts works the queued jobs.
  await globalForBackground.countersignBackground.catch((error: unknown) =>
    getLogger().error({ err: error }, "background jobs could not start"),
  );
}

async function start(): Promise<JobRunner> {
  const env = getServerEnv();
  const log = getLogger();
  startSealer();
  startInstanceWatch();
  startInboundSmtp().catch((error: unknown) =>
    log.error({ err: error }, "the inbound SMTP listener could not start"),
  );
  const runner = await startJobRunner({
    databaseUrl: env.DATABASE_URL,
    pollingIntervalSeconds: env.JOB_POLL_SECONDS,
    workers: jobWorkers({ runConcurrency: env.JOB_RUN_CONCURRENCY, context: appContext() }),
    schedules: [
      // A safety net: if the tick chain ever ends (every instance down at once), the next
      // minute restarts it. While a tick waits, these are dropped as duplicates.
      { name: "sweep-tick", cron: "* * * * *", singletonKey: SWEEP_TICK_KEY },
      { name: "retention", cron: "0 * * * *", singletonKey: RETENTION_KEY },
    ],
    onDeadLetter: reportDeadLetter,
    onError: (error) => log.warn({ err: error }, "background job queue error"),
  });
  await enqueueJob(db, "sweep-tick", {}, { singletonKey: SWEEP_TICK_KEY });
  await enqueueJob(db, "retention", {}, { singletonKey: RETENTION_KEY });
  runner.notify("sweep-tick");
  runner.notify("retention");
  // A job in hand when the process goes is retried after its expiry (a run: after its lease).
  // The production server waits for this before it exits (scripts/run/next-server.mjs).
  const stopping = new Promise<void>((resolve) => {
    process.once("SIGTERM", () => {
      stopCleanly(runner)
        .catch((error: unknown) => log.warn({ err: error }, "background work did not stop cleanly"))
        .finally(resolve);
    });
  });
  (globalThis as Record<symbol, unknown>)[BEFORE_EXIT] = () => stopping;
  return runner;
}

/*
 * No new jobs, the turns in progress here given a moment to end, no more heartbeats, then out of
 * the instance registry: the next start does not mistake this stop for a crash. A process still
 * holding work stays listed and is taken over.
 */
async function stopCleanly(runner: JobRunner): Promise<void> {
  await Promise.all([runner.stop(5), settleRunsInProcess(5_000)]);
  await globalForBackground.countersignInstanceWatch?.stop();
  await markInstanceStopped(db, PROCESS_ID);
}

function reportDeadLetter(deadLetter: DeadLetter): void {
  getLogger().error(
    { deadLetter },
    "a background job failed all its retries and was dead-lettered; a person must look at it",
  );
}

function startInstanceWatch(): void {
  if (globalForBackground.countersignInstanceWatch) return;
  const log = getLogger();
  globalForBackground.countersignInstanceWatch = watchInstances({
    db,
    instanceId: PROCESS_ID,
    onReclaimed: async (reclaimed) => {
      log.warn({ reclaimed }, "took over the work of app processes that died");
      await takeOverWork(reclaimed, appContext());
    },
    onProblem: (error) => log.warn({ err: error }, "instance heartbeat failed"),
  });
}

function startSealer(): void {
  if (globalForBackground.countersignSealerStarted) return;
  globalForBackground.countersignSealerStarted = true;
  const env = getServerEnv();
  const log = getLogger();
  startLogSealer({
    db,
    databaseUrl: env.DATABASE_URL,
    auditKey: env.AUDIT_KEY,
    // Logged so a copy of every checkpoint lives outside the database (see audit-checkpoint.ts).
    onCheckpoint: (checkpoint) =>
      log.info(
        {
          auditCheckpoint: {
            position: checkpoint.position.toString(),
            hash: checkpoint.hash,
            mac: checkpoint.mac,
            createdAt: checkpoint.createdAt.toISOString(),
          },
        },
        "audit checkpoint",
      ),
    onProblem: (error, message) => log.warn({ err: error }, message),
  });
}
