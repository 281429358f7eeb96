import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { assertCents, centsSchema, feeHalfUp, formatBasisPoints, formatMoney } from "./money";

describe("feeHalfUp", () => {
  it.each([
    [8900, 1000, 890],
    [1400, 1000, 140],
    [12900, 1500, 1935],
    [3500, 1000, 350],
    [1995, 1000, 200], // 199.5 rounds up
    [1994, 1000, 199], // 199.4 rounds down
    [1, 5000, 1], // 0.5 rounds up
    [1, 4999, 0],
    [0, 1500, 0],
    [4800, 0, 0],
    [4800, 10000, 4800],
  ])("%i cents at %i bp → %i", (amount, rate, fee) => {
    expect(feeHalfUp(amount, rate)).toBe(fee);
  });

  it("stays within its rate: 0 ≤ fee, |fee − amount × rate| ≤ ½ cent, monotonic in the amount", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000_00 }), fc.nat({ max: 10_000 }), (amount, rate) => {
        const fee = feeHalfUp(amount, rate);
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(amount);
        expect(Math.abs(fee * 10_000 - amount * rate)).toBeLessThanOrEqual(5_000);
        expect(feeHalfUp(amount + 1, rate)).toBeGreaterThanOrEqual(fee);
      }),
    );
  });

  it("rejects fractional cents, negative amounts, bad rates and amounts too large to be exact", () => {
    expect(() => feeHalfUp(10.5, 1000)).toThrow(DomainError);
    expect(() => feeHalfUp(-100, 1000)).toThrow(/non-negative/);
    expect(() => feeHalfUp(100, 10.5)).toThrow(/basis points/);
    expect(() => feeHalfUp(100, -1)).toThrow(/basis points/);
    expect(() => feeHalfUp(100, 10_001)).toThrow(/basis points/);
    expect(() => feeHalfUp(Number.MAX_SAFE_INTEGER, 10_000)).toThrow(/too large/);
    try {
      feeHalfUp(1.5, 1000);
    } catch (error) {
      expect(error).toMatchObject({
        code: "INVALID_CENTS",
        name: "DomainError",
        details: { value: 1.5 },
      });
    }
  });
});

describe("formatMoney", () => {
  it.each([
    [4800, "USD", "$48.00"],
    [8010, "USD", "$80.10"],
    [5, "USD", "$0.05"],
    [0, "USD", "$0.00"],
    [-890, "USD", "-$8.90"],
    [123456789, "USD", "$1,234,567.89"],
    [1999, "EUR", "€19.99"],
    [1999, "GBP", "£19.99"],
    [1999, "CAD", "CAD 19.99"],
  ])("%i %s → %s", (cents, currency, text) => {
    expect(formatMoney(cents, currency)).toBe(text);
  });

  it("defaults to USD and refuses non-integers and unknown codes", () => {
    expect(formatMoney(11998)).toBe("$119.98");
    expect(() => formatMoney(1.5)).toThrow(DomainError);
    expect(() => formatMoney(100, "usd")).toThrow(/currency/);
  });
});

describe("formatBasisPoints", () => {
  it.each([
    [1000, "10%"],
    [1500, "15%"],
    [1250, "12.5%"],
    [1205, "12.05%"],
    [0, "0%"],
  ])("%i → %s", (rate, text) => {
    expect(formatBasisPoints(rate)).toBe(text);
  });
});

describe("assertCents and centsSchema", () => {
  it("accepts safe integers and nothing else", () => {
    expect(() => assertCents(0)).not.toThrow();
    expect(() => assertCents(-5)).not.toThrow();
    expect(() => assertCents("5")).toThrow(/amountCents/);
    expect(() => assertCents(Number.NaN, "netRefundCents")).toThrow(/netRefundCents/);
    expect(() => assertCents(2 ** 53)).toThrow(DomainError);
    expect(centsSchema.safeParse(-1).success).toBe(false);
    expect(centsSchema.safeParse(12.5).success).toBe(false);
    expect(centsSchema.safeParse(1250).success).toBe(true);
  });
});
