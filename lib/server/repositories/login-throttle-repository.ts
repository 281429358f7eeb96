import "server-only";
import {
  stateAfterFailure,
  type ThrottleLimit,
  type ThrottleState,
} from "@/lib/auth/login-throttle-policy";
import { db } from "@/lib/server/db";

export async function findThrottleStates(keys: string[]): Promise<ThrottleState[]> {
  if (keys.length === 0) return [];
  return db.loginThrottle.findMany({
    where: { key: { in: keys } },
    select: { failures: true, windowStart: true, lockedUntil: true },
  });
}

/**
 * Counts one failure under a row lock, so parallel guesses cannot race past the limit by all
 * reading the same count.
 */
export async function recordThrottleFailure(
  key: string,
  now: Date,
  limit: ThrottleLimit,
): Promise<ThrottleState> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`
      INSERT INTO login_throttles (key, failures, window_start)
      VALUES (${key}, 0, ${now})
      ON CONFLICT (key) DO NOTHING`;
    const [current] = await tx.$queryRaw<ThrottleState[]>`
      SELECT failures, window_start AS "windowStart", locked_until AS "lockedUntil"
      FROM login_throttles WHERE key = ${key} FOR UPDATE`;
    const next = stateAfterFailure(current ?? null, now, limit);
    await tx.loginThrottle.update({ where: { key }, data: next });
    return next;
  });
}

export async function clearThrottle(key: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key } });
}
