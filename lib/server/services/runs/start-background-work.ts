import "server-only";
import { dispatchOutbox } from "@/lib/integrations/email/dispatch-outbox";
import { createSinkEmailTransport } from "@/lib/integrations/email/sink-email-transport";
import { db } from "@/lib/server/db";
import { getLogger } from "@/lib/server/logger";
import { sweepPendingActions } from "@/lib/server/services/actions/sweep-pending-actions";
import { PROCESS_ID } from "./process-id";
import { resumeLapsedRuns } from "./resume-lapsed-runs";

const SWEEP_INTERVAL_MS = 15_000;

const globalForSweeper = globalThis as unknown as { countersignSweeper?: NodeJS.Timeout };

/*
 * Every instance sweeps: on start-up (runs orphaned by a crash or deploy resume at once) and then
 * every 15 s: lapsed quotes and unfinished payments, lapsed runs, then the email outbox. All the
 * work is claimed with leases, conditional moves or SKIP LOCKED, so instances never collide.
 */
export function startBackgroundWork(): void {
  if (globalForSweeper.countersignSweeper) return;
  let busy = false;
  const sweep = async () => {
    if (busy) return;
    busy = true;
    try {
      await sweepPendingActions();
      await resumeLapsedRuns();
      await dispatchOutbox({
        db,
        transport: createSinkEmailTransport(),
        now: new Date(),
        owner: PROCESS_ID,
      });
    } catch (error) {
      getLogger().error({ err: error }, "background sweep failed");
    } finally {
      busy = false;
    }
  };
  void sweep();
  globalForSweeper.countersignSweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  globalForSweeper.countersignSweeper.unref();
}
