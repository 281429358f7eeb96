import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveReturnReason } from "./customer-reason";
import { REFUND_REASONS, type RefundReason } from "./policy-rules";
import { POLICY_V1 } from "./policy-v1";

const LINES = [
  { lineId: "l_jacket", name: "Rain jacket" },
  { lineId: "l_socks", name: "Wool socks" },
  { lineId: "l_earbuds", name: "Wireless earbuds" },
];

const resolve = (messages: string[], lineIds: string[], reason: RefundReason) =>
  resolveReturnReason({
    customerMessages: messages,
    lines: LINES,
    proposedLineIds: lineIds,
    proposedReason: reason,
    policy: POLICY_V1.document,
  });

describe("resolveReturnReason", () => {
  it("refuses a reason that contradicts the customer's own words (issue 8: socks as damaged)", () => {
    expect(resolve(["The wool socks are too small."], ["l_socks"], "damaged")).toEqual({
      kind: "contradicted",
      statedReason: "too_small",
      proposedReason: "damaged",
      words: "The wool socks are too small",
    });
    expect(resolve(["The rain jacket is too big."], ["l_jacket"], "damaged")).toMatchObject({
      kind: "contradicted",
      statedReason: "too_large",
    });
  });

  it("accepts the customer's reason", () => {
    expect(resolve(["The wool socks are too small."], ["l_socks"], "too_small")).toMatchObject({
      kind: "stated",
      reason: "too_small",
    });
  });

  it("applies a reason to the lines it was said about, not to another item", () => {
    const messages = [
      "The rain jacket is too big.",
      "Forget the jacket, I want the earbuds instead",
    ];
    expect(resolve(messages, ["l_earbuds"], "no_longer_needed")).toEqual({
      kind: "unstated",
      reason: "no_longer_needed",
      needsStaffApproval: false,
    });
    expect(resolve(messages, ["l_jacket"], "damaged")).toMatchObject({ kind: "contradicted" });
  });

  it("reads a reason without an item as about the item named last", () => {
    const messages = ["The jacket is too big.", "Also the wool socks", "they're too small"];
    expect(resolve(messages, ["l_socks"], "too_small").kind).toBe("stated");
    expect(resolve(messages, ["l_jacket"], "too_small")).toMatchObject({
      kind: "contradicted",
      statedReason: "too_large",
    });
  });

  it("takes the newest statement about the lines", () => {
    const messages = ["The wool socks are too small.", "Actually the wool socks arrived torn."];
    expect(resolve(messages, ["l_socks"], "damaged").kind).toBe("stated");
  });

  it("ignores a denied reason ('not broken')", () => {
    expect(
      resolve(["The earbuds are not broken, I just don't need them"], ["l_earbuds"], "damaged"),
    ).toMatchObject({ kind: "contradicted", statedReason: "no_longer_needed" });
  });

  it("sends an unstated reason that blames us to an approver, and only that", () => {
    for (const reason of REFUND_REASONS) {
      const resolution = resolve(["I'd like to return the wool socks."], ["l_socks"], reason);
      expect(resolution).toEqual({
        kind: "unstated",
        reason,
        needsStaffApproval: ["damaged", "wrong_item", "not_as_described"].includes(reason),
      });
    }
  });

  it("gives each line of a two-reason message its own reason", () => {
    const messages = ["The rain jacket is too big and the wool socks arrived torn"];
    expect(resolve(messages, ["l_socks"], "damaged").kind).toBe("stated");
    expect(resolve(messages, ["l_jacket"], "too_large").kind).toBe("stated");
    expect(resolve(messages, ["l_jacket", "l_socks"], "damaged")).toMatchObject({
      kind: "contradicted",
      statedReason: "too_large",
    });
  });

  it("treats a reason stated for only some of the proposed lines as an assumption", () => {
    expect(resolve(["The wool socks arrived torn"], ["l_socks", "l_jacket"], "damaged")).toEqual({
      kind: "unstated",
      reason: "damaged",
      needsStaffApproval: true,
    });
  });

  it("takes back a merchant-fault reason when a later message says something else acted on it", () => {
    const messages = ["The wool socks arrived torn.", "Well, my dog chewed them a bit"];
    expect(resolve(messages, ["l_socks"], "damaged")).toMatchObject({
      kind: "unstated",
      needsStaffApproval: true,
    });
  });

  it("takes back a merchant-fault reason the customer later denies or retracts", () => {
    for (const later of ["Actually they didn't arrive torn", "I lied", "lol jk"]) {
      expect(
        resolve(["The wool socks arrived torn.", later], ["l_socks"], "damaged"),
      ).toMatchObject({ kind: "unstated", needsStaffApproval: true });
    }
  });

  it("does not read damage to an order that is not the customer's as their line's reason", () => {
    const messages = [
      "I got my neighbour's parcel by mistake and the earbuds in it were smashed.",
      "Anyway, I want to return my wool socks",
    ];
    expect(resolve(messages, ["l_socks"], "damaged")).toMatchObject({ kind: "unstated" });
    expect(resolve(messages, ["l_earbuds"], "damaged")).toMatchObject({ kind: "unstated" });
  });

  it("never lets a proposal carry another reason than one the customer stated (property)", () => {
    const phrases: Record<RefundReason, string> = {
      damaged: "arrived cracked",
      wrong_item: "is the wrong item",
      not_as_described: "is not as described",
      too_small: "is too small",
      too_large: "is too big",
      no_longer_needed: "is something I no longer need",
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...LINES),
        fc.constantFrom(...REFUND_REASONS),
        fc.constantFrom(...REFUND_REASONS),
        (line, stated, proposed) => {
          const words = `The ${line.name.toLowerCase()} ${phrases[stated]}.`;
          const resolution = resolve([words], [line.lineId], proposed);
          return stated === proposed
            ? resolution.kind === "stated"
            : resolution.kind === "contradicted" && resolution.statedReason === stated;
        },
      ),
    );
  });
});
