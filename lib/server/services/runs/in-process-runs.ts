import "server-only";
import { getLogger } from "@/lib/server/logger";

const globalForRuns = globalThis as unknown as { countersignRunsInProcess?: Set<Promise<void>> };

function inFlight(): Set<Promise<void>> {
  globalForRuns.countersignRunsInProcess ??= new Set();
  return globalForRuns.countersignRunsInProcess;
}

/*
 * Runs a server process advances itself, as soon as their wake-up job is committed, instead of
 * waiting for one of its few job workers. A run spends nearly all its time waiting on the model,
 * holding no database connection, so hundreds can be in flight in one process; the database pool
 * and the model's request limit bound the work that is actually scarce. Past `limit` the run is
 * left to the job workers. The wake-up job stays queued either way: whoever takes it after this
 * process has claimed the run finds the claim held or the run ended, and a run this process drops
 * (a crash) is resumed by the sweeps once its lease lapses.
 */
export function advanceInProcess(
  limit: number,
  runId: string,
  advance: () => Promise<unknown>,
): boolean {
  const runs = inFlight();
  if (runs.size >= limit) return false;
  const run = advance()
    .then(() => undefined)
    .catch((error: unknown) => getLogger().error({ err: error, runId }, "advancing run failed"))
    .finally(() => runs.delete(run));
  runs.add(run);
  return true;
}

/** Runs this process is advancing itself now. */
export function runsInProcess(): number {
  return inFlight().size;
}

/**
 * Waits for the runs in flight to end, for at most `timeoutMs`: a clean stop lets a turn finish
 * rather than leave it to another process after its lease lapses.
 */
export async function settleRunsInProcess(timeoutMs: number): Promise<void> {
  const runs = [...inFlight()];
  if (runs.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(runs),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}
