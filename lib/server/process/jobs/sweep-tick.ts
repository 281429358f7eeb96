import "server-only";
import { db } from "@/lib/server/db";
import { getLogger } from "@/lib/server/logger";
import { endIdleChatSessions } from "@/lib/server/services/conversations/continue-chat-session";
import { deliverOutbox } from "@/lib/server/services/email/deliver-outbox";
import { sweepPendingActions } from "@/lib/server/services/pending-actions/sweep-pending-actions";
import { resumeLapsedRuns } from "@/lib/server/services/runs/resume-lapsed-runs";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { outboxDelivery } from "../outbox-delivery";
import { enqueueJob } from "./enqueue-job";

export const SWEEP_TICK_KEY = "sweeps";
export const SWEEP_CADENCE_SECONDS = 15;

const SWEEPS: [string, (context: UseCaseContext) => Promise<unknown>][] = [
  ["pending actions", sweepPendingActionsAndReport],
  ["idle chat sessions", (context) => endIdleChatSessions({}, context)],
  ["lapsed runs", (context) => resumeLapsedRuns({}, context)],
  ["outbox", (context) => deliverOutbox(outboxDelivery(), context)],
];

/*
 * One pass of the sweeps, as the sweep-tick job. pg-boss' cron has minute resolution, so the
 * 15 s cadence is a self-renewing job: each tick first queues the next one (start after 15 s, one
 * waiting per key across all instances), then works. A tick that dies still has its successor;
 * the cron in start-background-work.ts restarts a chain that ended anyway. Each sweep runs on its
 * own: one that throws is logged and the others still run. All sweep work is claimed with leases,
 * conditional moves or SKIP LOCKED, so two ticks overlapping on two instances never collide.
 */
export async function runSweepTick(context: UseCaseContext): Promise<void> {
  await enqueueJob(
    db,
    "sweep-tick",
    {},
    { singletonKey: SWEEP_TICK_KEY, startAfterSeconds: SWEEP_CADENCE_SECONDS },
  );
  for (const [name, work] of SWEEPS) {
    await work(context).catch((error: unknown) =>
      getLogger().error({ err: error, sweep: name }, "background sweep failed"),
    );
  }
}

async function sweepPendingActionsAndReport(context: UseCaseContext): Promise<void> {
  const { sweepFailures } = await sweepPendingActions({}, context);
  for (const failure of sweepFailures) {
    getLogger()[failure.deadLettered ? "error" : "warn"](
      { sweepFailure: failure },
      failure.deadLettered
        ? "a pending action was dead-lettered by the sweep; a person must look at it"
        : "the sweep failed on a pending action; it is retried on the next pass",
    );
  }
}
