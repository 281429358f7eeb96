/**
 * Sign-in throttling rules, kept pure so they can be tested without a database.
 *
 * An account locks after 5 failures in 15 minutes. An IP address gets a looser limit (20),
 * because many honest staff can share one office NAT; the per-account limit is what stops
 * password guessing against one person.
 */
export type ThrottleLimit = { maxFailures: number; windowMs: number; lockMs: number };

export type ThrottleState = { failures: number; windowStart: Date; lockedUntil: Date | null };

const MINUTE_MS = 60_000;

export const accountThrottleLimit: ThrottleLimit = {
  maxFailures: 5,
  windowMs: 15 * MINUTE_MS,
  lockMs: 15 * MINUTE_MS,
};

export const ipThrottleLimit: ThrottleLimit = {
  maxFailures: 20,
  windowMs: 15 * MINUTE_MS,
  lockMs: 15 * MINUTE_MS,
};

export function accountThrottleKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

export function ipThrottleKey(ip: string): string {
  return `ip:${ip}`;
}

export function lockRemainingMs(state: ThrottleState | null, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, state.lockedUntil.getTime() - now.getTime());
}

/** The state after one more failed attempt at `now`. */
export function stateAfterFailure(
  state: ThrottleState | null,
  now: Date,
  limit: ThrottleLimit,
): ThrottleState {
  const windowOver = !state || now.getTime() - state.windowStart.getTime() >= limit.windowMs;
  const failures = windowOver ? 1 : state.failures + 1;
  const windowStart = windowOver ? now : state.windowStart;
  const lockedUntil = failures >= limit.maxFailures ? new Date(now.getTime() + limit.lockMs) : null;
  return { failures, windowStart, lockedUntil };
}

/** Whole minutes to show people ("try again in N minutes"), never 0 while still locked. */
export function minutesToWait(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / MINUTE_MS));
}
