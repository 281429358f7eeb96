import { describe, expect, it } from "vitest";
import { isEditDistanceAtMostOne } from "./edit-distance";

describe("isEditDistanceAtMostOne", () => {
  it.each([
    ["please", "please", true],
    ["pleas", "please", true],
    ["plese", "please", true],
    ["pleasee", "please", true],
    ["confrim", "confirm", true],
    ["procede", "proceed", true],
    ["ahed", "ahead", true],
    ["conform", "confirm", true],
    ["cnofrim", "confirm", false],
    ["pls", "please", false],
    ["yes", "no", false],
    ["", "a", true],
    ["ab", "ba", true],
    ["abc", "bca", false],
  ])("%s ~ %s → %s", (a, b, expected) => {
    expect(isEditDistanceAtMostOne(a, b)).toBe(expected);
    expect(isEditDistanceAtMostOne(b, a)).toBe(expected);
  });
});
