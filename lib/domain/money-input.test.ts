import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";
import { parseMoneyInput } from "./money-input";

describe("parseMoneyInput", () => {
  it.each([
    ["25", 2500],
    ["25.5", 2550],
    ["25.50", 2550],
    ["0.29", 29],
    ["$25.00", 2500],
    ["$ 7", 700],
    ["1,250.00", 125000],
    ["0", 0],
    ["  12.6 ", 1260],
  ])("%j is %i cents", (text, cents) => {
    expect(parseMoneyInput(text)).toBe(cents);
  });

  it.each([
    "",
    "-5",
    "25.005",
    "25.",
    ".5",
    "abc",
    "1e3",
    "12,34",
    "1,2345.00",
    "25 USD",
    "99999999999999999999",
  ])("%j is not an amount", (text) => {
    expect(parseMoneyInput(text)).toBeNull();
  });

  it("reads back every amount the app formats", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        expect(parseMoneyInput(formatMoney(cents, "USD"))).toBe(cents);
      }),
    );
  });
});
