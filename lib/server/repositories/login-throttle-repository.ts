import "server-only";
import {
  lockRemainingMs,
  stateAfterFailure,
  type ThrottleLimit,
  type ThrottleState,
} from "@/lib/auth/login-throttle-policy";
import type { PrismaClient } from "@/lib/generated/prisma/client";

export async function findThrottleStates(
  db: PrismaClient,
  keys: string[],
): Promise<ThrottleState[]> {
  if (keys.length === 0) return [];
  return db.loginThrottle.findMany({
    where: { key: { in: keys } },
    select: { failures: true, windowStart: true, lockedUntil: true },
  });
}

async function withLockedState<T>(
  db: PrismaClient,
  key: string,
  now: Date,
  work: (current: ThrottleState | null) => { next: ThrottleState | null; result: T },
): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`
      INSERT INTO login_throttles (key, failures, window_start)
      VALUES (${key}, 0, ${now})
      ON CONFLICT (key) DO NOTHING`;
    const [current] = await tx.$queryRaw<ThrottleState[]>`
      SELECT failures, window_start AS "windowStart", locked_until AS "lockedUntil"
      FROM login_throttles WHERE key = ${key} FOR UPDATE`;
    const { next, result } = work(current && current.failures > 0 ? current : null);
    // An upsert: a sign-in that succeeded meanwhile may have cleared the row since the INSERT.
    if (next) {
      await tx.loginThrottle.upsert({ where: { key }, create: { key, ...next }, update: next });
    }
    return result;
  });
}

/**
 * Counts an attempt as a failure before its password is checked, under a row lock, and refuses
 * it while the key is waiting: a burst of parallel guesses cannot all slip past the check before
 * any failure is recorded. A successful sign-in clears the key afterwards.
 */
export async function claimSignInAttempt(
  db: PrismaClient,
  key: string,
  now: Date,
  limit: ThrottleLimit,
): Promise<{ allowed: boolean; state: ThrottleState }> {
  return withLockedState<{ allowed: boolean; state: ThrottleState }>(db, key, now, (current) => {
    if (current && lockRemainingMs(current, now) > 0) {
      return { next: null, result: { allowed: false, state: current } };
    }
    const next = stateAfterFailure(current, now, limit);
    return { next, result: { allowed: true, state: next } };
  });
}

/** Counts one failure under a row lock, so parallel guesses cannot race past the limit. */
export async function recordThrottleFailure(
  db: PrismaClient,
  key: string,
  now: Date,
  limit: ThrottleLimit,
): Promise<ThrottleState> {
  return withLockedState(db, key, now, (current) => {
    const next = stateAfterFailure(current, now, limit);
    return { next, result: next };
  });
}

export async function clearThrottles(db: PrismaClient, keys: string[]): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: { in: keys } } });
}
