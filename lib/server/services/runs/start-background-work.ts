import "server-only";
import { startLogSealer } from "@/lib/server/audit/log-sealer";
import { db } from "@/lib/server/db";
import { getServerEnv } from "@/lib/server/env";
import { takeOverWork } from "@/lib/server/instances/take-over-work";
import { type InstanceWatch, watchInstances } from "@/lib/server/instances/watch-instances";
import { getLogger } from "@/lib/server/logger";
import { sweepPendingActions } from "@/lib/server/services/actions/sweep-pending-actions";
import { endIdleChatSessions } from "@/lib/server/services/conversations/continue-chat-session";
import { deliverOutbox } from "@/lib/server/services/email/deliver-outbox";
import { startInboundSmtp } from "@/lib/server/services/email/start-inbound-smtp";
import { startRetentionSchedule } from "@/lib/server/services/retention/schedule-retention";
import { PROCESS_ID } from "./process-id";
import { resumeLapsedRuns } from "./resume-lapsed-runs";

const SWEEP_INTERVAL_MS = 15_000;

const SWEEPS: [string, () => Promise<unknown>][] = [
  ["pending actions", sweepPendingActionsAndReport],
  ["idle chat sessions", endIdleChatSessions],
  ["lapsed runs", resumeLapsedRuns],
  ["outbox", deliverOutbox],
];

async function sweepPendingActionsAndReport(): Promise<void> {
  const { sweepFailures } = await sweepPendingActions();
  for (const failure of sweepFailures) {
    getLogger()[failure.deadLettered ? "error" : "warn"](
      { sweepFailure: failure },
      failure.deadLettered
        ? "a pending action was dead-lettered by the sweep; a person must look at it"
        : "the sweep failed on a pending action; it is retried on the next pass",
    );
  }
}

const globalForSweeper = globalThis as unknown as {
  countersignSweeper?: NodeJS.Timeout;
  countersignSealerStarted?: boolean;
  countersignInstanceWatch?: InstanceWatch;
};

/*
 * Every instance sweeps: on start-up (runs orphaned by a crash or deploy resume at once) and then
 * every 15 s: lapsed quotes and unfinished payments, idle chat sessions, lapsed runs, then the
 * email outbox. All the work is claimed with leases, conditional moves or SKIP LOCKED, so
 * instances never collide. With INBOUND_SMTP_PORT set, this instance also accepts mail on that
 * port. Every instance also runs the log sealer; one of them at a time leads (lib/server/audit).
 */
export function startBackgroundWork(): void {
  if (globalForSweeper.countersignSweeper) return;
  startSealer();
  startInstanceWatch();
  startRetentionSchedule();
  let busy = false;
  const sweep = async () => {
    if (busy) return;
    busy = true;
    try {
      // Each sweep on its own: one that throws must not keep the others from running.
      for (const [name, work] of SWEEPS) {
        await work().catch((error: unknown) =>
          getLogger().error({ err: error, sweep: name }, "background sweep failed"),
        );
      }
    } finally {
      busy = false;
    }
  };
  void sweep();
  startInboundSmtp().catch((error: unknown) =>
    getLogger().error({ err: error }, "the inbound SMTP listener could not start"),
  );
  globalForSweeper.countersignSweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  globalForSweeper.countersignSweeper.unref();
}

function startInstanceWatch(): void {
  if (globalForSweeper.countersignInstanceWatch) return;
  const log = getLogger();
  globalForSweeper.countersignInstanceWatch = watchInstances({
    db,
    instanceId: PROCESS_ID,
    onReclaimed: async (reclaimed) => {
      log.warn({ reclaimed }, "took over the work of app processes that died");
      await takeOverWork(reclaimed, { db });
    },
    onProblem: (error) => log.warn({ err: error }, "instance heartbeat failed"),
  });
}

function startSealer(): void {
  if (globalForSweeper.countersignSealerStarted) return;
  globalForSweeper.countersignSealerStarted = true;
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
