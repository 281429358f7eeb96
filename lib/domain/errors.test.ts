import { describe, expect, it } from "vitest";
import { buildScenarioOrders, lineOf } from "@/tests/data/scenario-fixtures";
import { DomainError, isDomainError } from "./errors";

describe("DomainError", () => {
  it("carries an UPPER_SNAKE code and details, and is recognisable", () => {
    const error = new DomainError("INVALID_QUOTE", "Quote does not add up", {
      field: "netRefundCents",
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: "DomainError",
      code: "INVALID_QUOTE",
      message: "Quote does not add up",
    });
    expect(error.details).toEqual({ field: "netRefundCents" });
    expect(isDomainError(error)).toBe(true);
    expect(isDomainError(new Error("plain"))).toBe(false);
    expect(isDomainError({ code: "INVALID_QUOTE" })).toBe(false);
  });
});

describe("scenario fixtures", () => {
  it("fail loudly on a line that is not on the order", () => {
    const orders = buildScenarioOrders(new Date("2025-03-15T12:00:00.000Z"));
    expect(lineOf(orders.tomA1021, "A1021-1").name).toBe("Wool throw blanket");
    expect(() => lineOf(orders.tomA1021, "A1021-9")).toThrow(/No line A1021-9 on order A1021/);
  });
});
