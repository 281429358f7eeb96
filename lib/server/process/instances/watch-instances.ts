import "server-only";
import { hostname } from "node:os";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  beat,
  declareDead,
  type Reclaimed,
  registerInstance,
  type Suspect,
} from "./instance-registry";
import { isProcessRunning } from "./is-process-running";

export const HEARTBEAT_MS = 1_000;

export type InstanceWatchOptions = {
  db: PrismaClient;
  instanceId: string;
  /** Called (not awaited) by the one process that declared others dead, with their work. */
  onReclaimed: (reclaimed: Reclaimed) => Promise<void>;
  onProblem: (error: unknown) => void;
};

export type InstanceWatch = { stop: () => Promise<void> };

/*
 * Every process that does background work beats once a second and looks at the others. A process
 * that is gone (on this host: its pid no longer exists; anywhere: silent for DEAD_AFTER_SECONDS)
 * is declared dead, so its runs resume and its payments settle seconds after a crash, not when its
 * 30 s leases lapse and the 2-minute stale-payment window passes. Liveness is not a job: it must
 * keep beating while the job queue is busy, so it is its own timer.
 */
export function watchInstances(options: InstanceWatchOptions): InstanceWatch {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      const dead = (await beat(options.db, options.instanceId)).filter(isDead);
      if (dead.length > 0) {
        const reclaimed = await declareDead(
          options.db,
          dead.map((instance) => instance.id),
          options.instanceId,
        );
        // Not awaited: taking over a payment or a run must not hold up our own heartbeat.
        if (reclaimed.instanceIds.length > 0) {
          options.onReclaimed(reclaimed).catch(options.onProblem);
        }
      }
    } catch (error) {
      options.onProblem(error);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick().finally(schedule);
    }, HEARTBEAT_MS);
    timer.unref();
  };
  current = registerInstance(options.db, options.instanceId)
    .then(tick)
    .catch(options.onProblem)
    .finally(schedule);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

function isDead(suspect: Suspect): boolean {
  return (
    suspect.silentTooLong || (suspect.hostname === hostname() && !isProcessRunning(suspect.pid))
  );
}
