import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDuration, percentile, summarizeDurations } from "./percentiles";

describe("percentile", () => {
  it.each([
    [[15, 20, 35, 40, 50], 50, 35],
    [[15, 20, 35, 40, 50], 90, 50],
    [[15, 20, 35, 40, 50], 20, 15],
    [[15, 20, 35, 40, 50], 100, 50],
    [[3, 1, 2], 50, 2],
    [[7], 90, 7],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90, 9],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50, 5],
  ])("of %j at p%i is %i", (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it("has none for no values and refuses a p outside (0, 100]", () => {
    expect(percentile([], 50)).toBeNull();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it("is a value of the list, with at least p% at or below it and fewer below it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 1, max: 100 }),
        (values, p) => {
          const result = percentile(values, p) as number;
          expect(values).toContain(result);
          const atOrBelow = values.filter((value) => value <= result).length;
          const below = values.filter((value) => value < result).length;
          expect(atOrBelow / values.length).toBeGreaterThanOrEqual(p / 100);
          expect(below / values.length).toBeLessThan(p / 100);
        },
      ),
    );
  });

  it("never puts p50 above p90", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1 }), (values) => {
        const summary = summarizeDurations(values);
        expect(summary.count).toBe(values.length);
        expect(summary.p50Ms as number).toBeLessThanOrEqual(summary.p90Ms as number);
      }),
    );
  });
});

describe("formatDuration", () => {
  it.each([
    [null, "–"],
    [4_400, "4 s"],
    [89_000, "89 s"],
    [12 * 60_000, "12 min"],
    [3.5 * 3_600_000, "3.5 h"],
    [50 * 3_600_000, "2.1 d"],
  ])("shows %s ms as %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
