import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { isTransientDatabaseError } from "@/lib/errors/prisma-errors";
import { getLogger } from "@/lib/server/logger";

const BUDGET_MS = 30_000;
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 2_000;

export type TransientRetryOptions = {
  /** What is being retried, for the log. */
  label: string;
  /** Stops waiting (and rethrows the last database error) once aborted. */
  signal?: AbortSignal;
};

/*
 * Rides out a database restart or a dropped connection: the work runs again, after 100 ms
 * doubling to 2 s, for up to 30 s, but only while the error is a connection failure
 * (isTransientDatabaseError). Any other error, an exhausted budget or an abort rethrows at once.
 * `work` gets the attempt number: an attempt after the first must expect that a COMMIT whose
 * answer was lost did commit, and must check every fencing condition again in its statements.
 */
export async function retryTransientDatabaseErrors<T>(
  work: (attempt: number) => Promise<T>,
  { label, signal }: TransientRetryOptions,
): Promise<T> {
  const startedAt = Date.now();
  let delayMs = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await work(attempt);
      if (attempt > 1) getLogger().info({ label, attempt }, "database reachable again");
      return result;
    } catch (error) {
      const outOfTime = Date.now() - startedAt + delayMs > BUDGET_MS;
      if (!isTransientDatabaseError(error) || outOfTime || signal?.aborted) throw error;
      if (attempt === 1) getLogger().warn({ err: error, label }, "database unavailable, retrying");
      const aborted = await sleep(delayMs, false, { signal }).catch(() => true);
      if (aborted) throw error;
      delayMs = Math.min(delayMs * 2, MAX_DELAY_MS);
    }
  }
}
