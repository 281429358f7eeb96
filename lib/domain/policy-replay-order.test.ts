import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { parseStoredOrderFacts, toStoredOrderFacts } from "./policy-replay-order";

const ORDERS = buildScenarioOrders(new Date("2026-03-15T12:00:00.000Z"));

describe("stored order facts", () => {
  it("come back as the facts that were stored, through JSON", () => {
    for (const order of Object.values(ORDERS)) {
      const stored = JSON.parse(JSON.stringify(toStoredOrderFacts(order)));
      expect(stored.deliveredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(parseStoredOrderFacts(stored)).toEqual(order);
    }
  });

  it("keep an undelivered order undelivered", () => {
    const undelivered = { ...ORDERS.mayaA1043, deliveredAt: null };
    expect(parseStoredOrderFacts(toStoredOrderFacts(undelivered))).toEqual(undelivered);
  });

  it("read anything malformed as missing, not as an order", () => {
    expect(parseStoredOrderFacts(null)).toBeNull();
    expect(
      parseStoredOrderFacts({ ...toStoredOrderFacts(ORDERS.mayaA1043), deliveredAt: "yesterday" }),
    ).toBeNull();
    expect(
      parseStoredOrderFacts({ ...toStoredOrderFacts(ORDERS.mayaA1043), lines: "none" }),
    ).toBeNull();
  });
});
