import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { normalizeChargeId } from "./charge-ids";
import { inferDisputeChargeIds, inferOrderNumbers, inferReturnRequest } from "./parse-request";

const orders = buildScenarioOrders(new Date("2025-03-15T12:00:00.000Z"));
const named = (...list: { lines: { lineId: string; name: string }[] }[]) =>
  list.flatMap((order) => order.lines.map(({ lineId, name }) => ({ lineId, name })));
const SAM = named(orders.samB2001, orders.samB2002);
const MAYA = named(orders.mayaA1043);
const PRIYA = named(orders.priyaA1066);

function infer(text: string, lines = SAM, previouslySelectedLineIds: string[] = []) {
  return inferReturnRequest(text, { lines, previouslySelectedLineIds });
}

describe("inferReturnRequest: the stories", () => {
  it.each([
    ["the rain jacket is too big", SAM, ["B2001-1"], "too_large"],
    ["The wool socks are too small", SAM, ["B2001-2"], "too_small"],
    ["I no longer need the earbuds", SAM, ["B2002-1"], "no_longer_needed"],
    ["Forget the jacket, I want to return the earbuds instead", SAM, ["B2002-1"], null],
    ["The coffee maker arrived cracked, the mugs are fine.", MAYA, ["A1043-1"], "damaged"],
    [
      "I want all my money back for everything, I don't need any of it",
      PRIYA,
      ["A1066-1", "A1066-2"],
      "no_longer_needed",
    ],
    [
      "Refund the skillet and the gift card, I don't need them",
      PRIYA,
      ["A1066-1", "A1066-2"],
      "no_longer_needed",
    ],
  ] as const)("%s", (text, lines, lineIds, reason) => {
    expect(infer(text, [...lines])).toMatchObject({ lineIds, reason });
  });
});

describe("inferReturnRequest: lines", () => {
  it("matches an explicit line id", () => {
    expect(infer("please refund line B2001-2").lineIds).toEqual(["B2001-2"]);
    expect(infer("refund b2002-1").lineIds).toEqual(["B2002-1"]);
  });

  it("needs two words of a longer name, or its distinctive last word", () => {
    expect(infer("the jacket").lineIds).toEqual(["B2001-1"]);
    expect(infer("my wool socks").lineIds).toEqual(["B2001-2"]);
    expect(infer("the wool one").lineIds).toEqual([]);
    expect(infer("the rain").lineIds).toEqual([]);
    expect(infer("the coffee maker", MAYA).lineIds).toEqual(["A1043-1"]);
    expect(infer("two mugs", MAYA).lineIds).toEqual(["A1043-2"]);
  });

  it("does not take a generic last word ('card') as an item on its own", () => {
    expect(infer("refund it to my card", PRIYA).lineIds).toEqual([]);
    expect(infer("the gift card", PRIYA).lineIds).toEqual(["A1066-2"]);
  });

  it("matches a single-word name by that word", () => {
    expect(infer("my Kettle is broken", [{ lineId: "k", name: "Kettle" }])).toMatchObject({
      lineIds: ["k"],
      reason: "damaged",
    });
  });

  it("leaves out items the customer excludes", () => {
    expect(infer("refund everything except the socks").lineIds).toEqual(
      SAM.map((line) => line.lineId),
    );
    expect(infer("keep the socks, return the jacket").lineIds).toEqual(["B2001-1"]);
    expect(infer("not the socks, the jacket").lineIds).toEqual(["B2001-1"]);
    expect(infer("the earbuds instead of the jacket").lineIds).toEqual(["B2002-1"]);
    expect(infer("the earbuds rather than the jacket").lineIds).toEqual(["B2002-1"]);
    expect(infer("instead, refund the jacket").lineIds).toEqual(["B2001-1"]);
  });

  it("falls back to the lines selected earlier, ignoring ones that are not the customer's", () => {
    expect(infer("it's too small", SAM, ["B2001-2", "X-9"])).toMatchObject({
      lineIds: ["B2001-2"],
      reason: "too_small",
    });
    expect(infer("hello", SAM, [])).toMatchObject({ lineIds: [], reason: null });
  });
});

describe("inferReturnRequest: reasons", () => {
  it.each([
    ["it arrived damaged", "damaged"],
    ["the wool socks are torn", "damaged"],
    ["it's broken", "damaged"],
    ["it doesn't work", "damaged"],
    ["it stopped working", "damaged"],
    ["you sent the wrong item", "wrong_item"],
    ["this is not what I ordered", "wrong_item"],
    ["you sent me the wrong socks", "wrong_item"],
    ["they're not as described", "not_as_described"],
    ["it doesn't match the photos", "not_as_described"],
    ["too small", "too_small"],
    ["way too tight", "too_small"],
    ["too big", "too_large"],
    ["it's too large", "too_large"],
    ["runs large", "too_large"],
    ["I no longer need it", "no_longer_needed"],
    ["I don't need them anymore", "no_longer_needed"],
    ["changed my mind", "no_longer_needed"],
    ["ordered them by mistake", "no_longer_needed"],
    ["it's fine really", null],
  ] as const)("%s → %s", (text, reason) => {
    expect(infer(text, SAM, ["B2001-2"]).reason).toBe(reason);
  });

  it("ignores a denied reason, and gives a line that is given two reasons the one that pays less", () => {
    expect(infer("it's not broken, I just don't need it", SAM, ["B2001-2"]).reason).toBe(
      "no_longer_needed",
    );
    expect(infer("I don't need it and anyway it arrived cracked", SAM, ["B2001-2"]).reason).toBe(
      "no_longer_needed",
    );
  });
});

describe("charge ids and order numbers", () => {
  it("finds, normalises and de-duplicates CH ids in order of mention", () => {
    expect(inferDisputeChargeIds("CH-88302 looks like a duplicate of CH-88301")).toEqual([
      "CH-88302",
      "CH-88301",
    ]);
    expect(
      inferDisputeChargeIds("ch-88310 is wrong, ch_88310 again, CH 88310 and CH88301"),
    ).toEqual(["CH-88310", "CH-88301"]);
    expect(inferDisputeChargeIds("my chargeback and such 12345")).toEqual([]);
    expect(inferDisputeChargeIds("payment PAY-4471 and transaction #88123, not CH-88301")).toEqual([
      "PAY-4471",
      "88123",
      "CH-88301",
    ]);
    expect(inferDisputeChargeIds("a payment 129.00 for order B2001, payment B2002")).toEqual([]);
  });

  it("normalises a single charge id or rejects it", () => {
    expect(normalizeChargeId(" ch88301 ")).toBe("CH-88301");
    expect(normalizeChargeId("CH-88301")).toBe("CH-88301");
    expect(normalizeChargeId("88301")).toBeNull();
    expect(normalizeChargeId("CH-88301; drop table")).toBeNull();
  });

  it("finds order numbers", () => {
    expect(inferOrderNumbers("orders b2002 and A1043, and B2002 again")).toEqual([
      "B2002",
      "A1043",
    ]);
    expect(inferOrderNumbers("CH-88302")).toEqual([]);
  });

  it("reads a store's #-numbers, never bare digits", () => {
    expect(inferOrderNumbers("my order #1001 (and # 1002), not 1003")).toEqual(["#1001", "#1002"]);
    expect(inferOrderNumbers("I paid 1001 dollars in 2025 for #12")).toEqual([]);
    expect(inferOrderNumbers("#1001 and A1043 then #1001")).toEqual(["#1001", "A1043"]);
  });
});
