import "server-only";
import { getLogger } from "@/lib/server/logger";
import { applyRetention } from "./apply-retention";

const RETENTION_INTERVAL_MS = 60 * 60_000;

const globalForRetention = globalThis as unknown as { countersignRetention?: NodeJS.Timeout };

/*
 * Every instance schedules retention hourly (and once at start-up); an advisory lock lets only
 * one of them prune at a time, and periods are whole days, so an hour's delay never matters.
 */
export function startRetentionSchedule(): void {
  if (globalForRetention.countersignRetention) return;
  const prune = () =>
    applyRetention({ dryRun: false, actor: { type: "system" } }).catch((error: unknown) =>
      getLogger().error({ err: error }, "retention run failed"),
    );
  void prune();
  globalForRetention.countersignRetention = setInterval(prune, RETENTION_INTERVAL_MS);
  globalForRetention.countersignRetention.unref();
}
