import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addCappedCounts,
  type CappedCount,
  cappedCount,
  describeCappedCount,
  INBOX_COUNT_CAP,
} from "./capped-count";

const format = new Intl.NumberFormat("en-US").format;

describe("cappedCount", () => {
  it("is exact up to the cap and capped one past it", () => {
    expect(cappedCount(0)).toEqual({ count: 0, capped: false });
    expect(cappedCount(INBOX_COUNT_CAP - 1)).toEqual({ count: 999, capped: false });
    expect(cappedCount(INBOX_COUNT_CAP)).toEqual({ count: 1000, capped: false });
    expect(cappedCount(INBOX_COUNT_CAP + 1)).toEqual({ count: 1000, capped: true });
  });

  it("refuses what no count can be", () => {
    expect(() => cappedCount(-1)).toThrow(RangeError);
    expect(() => cappedCount(1.5)).toThrow(RangeError);
  });

  it("never claims more than it counted, and is capped exactly when it counted past the cap", () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (cap, real) => {
        const counted = Math.min(real, cap + 1); // what a LIMIT cap + 1 returns
        const value = cappedCount(counted, cap);
        expect(value.capped).toBe(real > cap);
        expect(value.count).toBe(Math.min(real, cap));
      }),
    );
  });
});

describe("addCappedCounts", () => {
  it("adds exact counts exactly and marks a sum with a capped part as a lower bound", () => {
    expect(addCappedCounts([])).toEqual({ count: 0, capped: false });
    expect(
      addCappedCounts([
        { count: 13, capped: false },
        { count: 52, capped: false },
      ]),
    ).toEqual({ count: 65, capped: false });
    expect(
      addCappedCounts([
        { count: 13, capped: false },
        { count: 1000, capped: true },
      ]),
    ).toEqual({ count: 1013, capped: true });
  });

  it("is at most the real total, and equal to it when nothing was capped", () => {
    const part = fc.nat(5000);
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), fc.nat(2000), (reals, cap) => {
        const parts: CappedCount[] = reals.map((real) => cappedCount(Math.min(real, cap + 1), cap));
        const sum = addCappedCounts(parts);
        const total = reals.reduce((a, b) => a + b, 0);
        expect(sum.count).toBeLessThanOrEqual(total);
        if (!sum.capped) expect(sum.count).toBe(total);
        else expect(sum.count).toBeLessThan(total);
      }),
    );
  });
});

describe("describeCappedCount", () => {
  it("shows an exact count as the number and a capped one with a plus, said in words", () => {
    expect(describeCappedCount({ count: 7, capped: false }, format)).toEqual({
      text: "7",
      spoken: "7",
    });
    expect(describeCappedCount({ count: 1000, capped: false }, format)).toEqual({
      text: "1,000",
      spoken: "1,000",
    });
    expect(describeCappedCount({ count: 1000, capped: true }, format)).toEqual({
      text: "1,000+",
      spoken: "more than 1,000",
    });
  });
});
