import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalOf, minorUnitDigits, minorUnitsOf } from "./shopify-money";

describe("Shopify's decimal money in minor units", () => {
  it.each([
    ["48.0", "USD", 4800],
    ["48.00", "USD", 4800],
    ["0.1", "USD", 10],
    ["59.99", "USD", 5999],
    ["1980.0", "JPY", 1980],
    ["1980", "JPY", 1980],
    ["12.345", "KWD", 12345],
    ["-5.00", "USD", -500],
    ["0.00", "USD", 0],
  ])("%s %s is %i", (amount, currency, units) => {
    expect(minorUnitsOf(amount, currency)).toBe(units);
  });

  it("refuses a fraction of the minor unit and anything that is not a decimal", () => {
    expect(() => minorUnitsOf("48.005", "USD")).toThrow("more precise");
    expect(() => minorUnitsOf("1980.5", "JPY")).toThrow("more precise");
    expect(() => minorUnitsOf("4.8e1", "USD")).toThrow("not a decimal");
    expect(() => minorUnitsOf("", "USD")).toThrow("not a decimal");
  });

  it("knows the minor units of the currencies Countersign meets", () => {
    expect(minorUnitDigits("USD")).toBe(2);
    expect(minorUnitDigits("JPY")).toBe(0);
    expect(minorUnitDigits("EUR")).toBe(2);
  });

  it("writes minor units back as the decimal Shopify reads, for any amount", () => {
    expect(decimalOf(4800, "USD")).toBe("48.00");
    expect(decimalOf(5, "USD")).toBe("0.05");
    expect(decimalOf(1980, "JPY")).toBe("1980");
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom("USD", "JPY", "KWD"),
        (units, currency) => minorUnitsOf(decimalOf(units, currency), currency) === units,
      ),
    );
  });
});
