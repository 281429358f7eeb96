import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accountThrottleKey,
  accountThrottleLimit,
  backoffMs,
  lockRemainingMs,
  secondsToWait,
  sourceAccountThrottleKey,
  sourceAccountThrottleLimit,
  sourceThrottleKey,
  sourceThrottleLimit,
  stateAfterFailure,
  type ThrottleLimit,
  type ThrottleState,
} from "./login-throttle-policy";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const start = new Date("2026-01-01T10:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

function failTimes(minutes: number[], limit: ThrottleLimit): ThrottleState | null {
  return minutes.reduce<ThrottleState | null>(
    (state, minute) => stateAfterFailure(state, at(minute), limit),
    null,
  );
}

describe("login throttle policy", () => {
  it("makes a (source, account) pair wait 30 s after its 5th failure, doubling from there", () => {
    const limit = sourceAccountThrottleLimit;
    expect(failTimes([0, 0.1, 0.2, 0.3], limit)?.lockedUntil).toBeNull();
    const five = failTimes([0, 0.1, 0.2, 0.3, 0.4], limit);
    expect(lockRemainingMs(five, at(0.4))).toBe(30 * SECOND);
    expect(lockRemainingMs(five, at(0.4 + 0.5))).toBe(0);
    const six = stateAfterFailure(five, at(1), limit);
    expect(lockRemainingMs(six, at(1))).toBe(60 * SECOND);
    const seven = stateAfterFailure(six, at(2), limit);
    expect(lockRemainingMs(seven, at(2))).toBe(2 * MINUTE);
  });

  it("never waits longer than each limit's ceiling; the account-wide wait stays under a minute", () => {
    for (const limit of [sourceAccountThrottleLimit, accountThrottleLimit, sourceThrottleLimit]) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 10_000 }), (failures) => {
          const delay = backoffMs(failures, limit);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(limit.maxDelayMs);
          expect(backoffMs(failures + 1, limit)).toBeGreaterThanOrEqual(delay);
        }),
      );
    }
    expect(accountThrottleLimit.maxDelayMs).toBeLessThanOrEqual(MINUTE);
  });

  it("waits nothing while failures are free", () => {
    expect(backoffMs(4, sourceAccountThrottleLimit)).toBe(0);
    expect(backoffMs(24, accountThrottleLimit)).toBe(0);
    expect(backoffMs(49, sourceThrottleLimit)).toBe(0);
  });

  it("starts a new window once 15 minutes have passed since the first failure", () => {
    const state = failTimes([0, 1, 2, 3, 15], sourceAccountThrottleLimit);
    expect(state).toEqual({ failures: 1, windowStart: at(15), lockedUntil: null });
  });

  it("is not waiting without state", () => {
    expect(lockRemainingMs(null, start)).toBe(0);
  });

  it("keys accounts case-insensitively and pairs by source", () => {
    expect(accountThrottleKey(" Agent@Countersign.TEST ")).toBe("account:agent@countersign.test");
    expect(sourceAccountThrottleKey("203.0.113.7", "Agent@Countersign.test")).toBe(
      "pair:203.0.113.7|agent@countersign.test",
    );
    expect(sourceAccountThrottleKey(null, "a@b.test")).toBe("pair:unknown|a@b.test");
    expect(sourceThrottleKey("203.0.113.7")).toBe("source:203.0.113.7");
  });

  it.each([
    [1, 1],
    [SECOND, 1],
    [SECOND + 1, 2],
    [15 * MINUTE, 900],
  ])("shows %i ms as %i second(s)", (ms, seconds) => {
    expect(secondsToWait(ms)).toBe(seconds);
  });
});
