import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { passHatK } from "./pass-hat-k";

describe("passHatK", () => {
  it("is the pass rate at k = 1 and all-or-nothing at k = n", () => {
    expect(passHatK(3, 4, 1)).toBe(0.75);
    expect(passHatK(3, 4, 4)).toBe(0);
    expect(passHatK(4, 4, 4)).toBe(1);
    expect(passHatK(3, 4, 2)).toBe(0.5);
  });

  it("never rises with k", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.nat(12), (tries, raw) => {
        const passed = raw % (tries + 1);
        for (let k = 1; k < tries; k += 1) {
          expect(passHatK(passed, tries, k + 1)).toBeLessThanOrEqual(passHatK(passed, tries, k));
        }
      }),
    );
  });
});
