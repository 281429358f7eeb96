import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BAR_STEPS, barSteps } from "./bar-length";

describe("barSteps", () => {
  it("draws nothing for zero, a full bar for the largest, and a sliver for a small figure", () => {
    expect(barSteps(0, 40)).toBe(0);
    expect(barSteps(40, 40)).toBe(BAR_STEPS);
    expect(barSteps(20, 40)).toBe(BAR_STEPS / 2);
    expect(barSteps(1, 1_000)).toBe(1);
    expect(barSteps(0, 0)).toBe(0);
  });

  it("grows with the figure, stays within the row, and is empty exactly when the figure is zero", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1_000_000 }),
        fc.nat({ max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (a, b, extra) => {
          const largest = Math.max(a, b) + extra;
          const [small, big] = a <= b ? [a, b] : [b, a];
          expect(barSteps(small, largest)).toBeLessThanOrEqual(barSteps(big, largest));
          expect(barSteps(big, largest)).toBeGreaterThanOrEqual(0);
          expect(barSteps(big, largest)).toBeLessThanOrEqual(BAR_STEPS);
          expect(barSteps(small, largest) === 0).toBe(small === 0);
          expect(barSteps(largest, largest)).toBe(BAR_STEPS);
        },
      ),
    );
  });
});
