import { describe, expect, it } from "vitest";
import {
  accountThrottleKey,
  accountThrottleLimit,
  ipThrottleLimit,
  lockRemainingMs,
  minutesToWait,
  stateAfterFailure,
  type ThrottleState,
} from "./login-throttle-policy";

const MINUTE = 60_000;
const start = new Date("2026-01-01T10:00:00Z");
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

function failTimes(minutes: number[], limit = accountThrottleLimit): ThrottleState | null {
  return minutes.reduce<ThrottleState | null>(
    (state, minute) => stateAfterFailure(state, at(minute), limit),
    null,
  );
}

describe("login throttle policy", () => {
  it("locks an account for 15 minutes on the 5th failure within 15 minutes", () => {
    const four = failTimes([0, 1, 2, 3]);
    expect(four?.lockedUntil).toBeNull();
    const five = failTimes([0, 1, 2, 3, 4]);
    expect(five?.lockedUntil).toEqual(at(19));
    expect(lockRemainingMs(five, at(4))).toBe(15 * MINUTE);
    expect(lockRemainingMs(five, at(18.5))).toBe(0.5 * MINUTE);
    expect(lockRemainingMs(five, at(19))).toBe(0);
  });

  it("starts a new window once 15 minutes have passed since the first failure", () => {
    const state = failTimes([0, 1, 2, 3, 15]);
    expect(state).toEqual({ failures: 1, windowStart: at(15), lockedUntil: null });
  });

  it("counts a failure after an expired lock as the first of a new window", () => {
    expect(failTimes([0, 1, 2, 3, 4, 20])).toMatchObject({ failures: 1, lockedUntil: null });
  });

  it("gives IP addresses a looser limit than accounts", () => {
    expect(ipThrottleLimit.maxFailures).toBeGreaterThan(accountThrottleLimit.maxFailures);
    const nineteen = failTimes(
      Array.from({ length: 19 }, (_, i) => i * 0.5),
      ipThrottleLimit,
    );
    expect(nineteen?.lockedUntil).toBeNull();
    expect(stateAfterFailure(nineteen, at(10), ipThrottleLimit).lockedUntil).toEqual(at(25));
  });

  it("is not locked without state", () => {
    expect(lockRemainingMs(null, start)).toBe(0);
  });

  it("keys accounts case-insensitively", () => {
    expect(accountThrottleKey(" Agent@Countersign.TEST ")).toBe("account:agent@countersign.test");
  });

  it.each([
    [1, 1],
    [MINUTE, 1],
    [MINUTE + 1, 2],
    [15 * MINUTE, 15],
  ])("shows %i ms as %i minute(s)", (ms, minutes) => {
    expect(minutesToWait(ms)).toBe(minutes);
  });
});
