/**
 * Sign-in throttling rules, kept pure so they can be tested without a database.
 *
 * Nothing locks an account. Failures are counted per (source, account) pair: after 5 in 15
 * minutes that pair waits, 30 s at first and doubling up to 15 minutes, so an attacker guessing
 * from one address slows only themselves while the real person signs in from theirs. Two looser
 * counters bound what rotating sources or spraying accounts can gain: one per account across all
 * sources (its waits stay short, at most a minute, so it can never shut the real person out for
 * long) and one per source across all accounts (high, because an office shares one NAT address).
 */
export type ThrottleLimit = {
  /** Failures allowed in a window before any wait. */
  freeFailures: number;
  windowMs: number;
  /** The wait after the first failure past the free ones; it doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
};

export type ThrottleState = { failures: number; windowStart: Date; lockedUntil: Date | null };

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

export const sourceAccountThrottleLimit: ThrottleLimit = {
  freeFailures: 5,
  windowMs: 15 * MINUTE_MS,
  firstDelayMs: 30 * SECOND_MS,
  maxDelayMs: 15 * MINUTE_MS,
};

export const accountThrottleLimit: ThrottleLimit = {
  freeFailures: 25,
  windowMs: 15 * MINUTE_MS,
  firstDelayMs: 5 * SECOND_MS,
  maxDelayMs: MINUTE_MS,
};

export const sourceThrottleLimit: ThrottleLimit = {
  freeFailures: 50,
  windowMs: 15 * MINUTE_MS,
  firstDelayMs: 30 * SECOND_MS,
  maxDelayMs: 15 * MINUTE_MS,
};

/** Where an attempt came from when the address is unknown: all such attempts share one bucket. */
export const UNKNOWN_SOURCE = "unknown";

function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function accountThrottleKey(email: string): string {
  return `account:${normalEmail(email)}`;
}

export function sourceThrottleKey(source: string | null): string {
  return `source:${source ?? UNKNOWN_SOURCE}`;
}

export function sourceAccountThrottleKey(source: string | null, email: string): string {
  return `pair:${source ?? UNKNOWN_SOURCE}|${normalEmail(email)}`;
}

export function lockRemainingMs(state: ThrottleState | null, now: Date): number {
  if (!state?.lockedUntil) return 0;
  return Math.max(0, state.lockedUntil.getTime() - now.getTime());
}

/** How long to wait after the `failures`-th failure of a window (0 while still free). */
export function backoffMs(failures: number, limit: ThrottleLimit): number {
  if (failures < limit.freeFailures) return 0;
  const doublings = Math.min(failures - limit.freeFailures, 30);
  return Math.min(limit.maxDelayMs, limit.firstDelayMs * 2 ** doublings);
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
  const delay = backoffMs(failures, limit);
  const lockedUntil = delay > 0 ? new Date(now.getTime() + delay) : null;
  return { failures, windowStart, lockedUntil };
}

/** Whole seconds to wait, never 0 while still waiting; the form words it for people. */
export function secondsToWait(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / SECOND_MS));
}
