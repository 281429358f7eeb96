import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SCENARIO_LEDGER } from "@/tests/data/scenario-fixtures";
import {
  disputeImpact,
  type ExistingDispute,
  evaluateDispute,
  type LedgerCharge,
  openDisputeCovering,
} from "./disputes";

function dispute(
  chargeIds: string[],
  suppliedAmountCents?: number,
  ledger: readonly LedgerCharge[] = SCENARIO_LEDGER,
) {
  return evaluateDispute({ chargeIds, suppliedAmountCents, ledger, customerId: "cus_ana" });
}

describe("evaluateDispute: story 7", () => {
  it("CH-88302 + CH-88301 is a $119.98 duplicate charge of medium impact, amount from the ledger", () => {
    expect(dispute(["CH-88302", "CH-88301"], 5999)).toEqual({
      kind: "dispute",
      charges: [
        { chargeId: "CH-88302", amountCents: 5999, currency: "USD", customerId: "cus_ana" },
        { chargeId: "CH-88301", amountCents: 5999, currency: "USD", customerId: "cus_ana" },
      ],
      amountCents: 11998,
      currency: "USD",
      category: "duplicate_charge",
      impact: "medium",
      amountCorrected: { supplied: 5999, actual: 11998 },
      refused: [],
    });
  });

  it("CH-88310 is a low-impact wrong amount", () => {
    expect(dispute(["ch88310"])).toMatchObject({
      kind: "dispute",
      amountCents: 1250,
      category: "wrong_amount",
      impact: "low",
      refused: [],
    });
  });

  it("reports no correction when the supplied amount is right", () => {
    const result = dispute(["CH-88310"], 1250);
    expect(result.kind === "dispute" && "amountCorrected" in result).toBe(false);
  });
});

describe("evaluateDispute: scope", () => {
  it("refuses unknown and other customers' charges alike, and keeps the valid ones", () => {
    const ledger = [
      ...SCENARIO_LEDGER,
      { chargeId: "CH-90000", amountCents: 100, currency: "USD", customerId: "cus_tom" },
    ];
    const result = dispute(["CH-88310", "CH-12345", "CH-90000", "CH-88310"], undefined, ledger);
    expect(result).toMatchObject({ kind: "dispute", amountCents: 1250 });
    expect(result.refused).toEqual([
      {
        chargeId: "CH-12345",
        code: "UNKNOWN_CHARGE",
        sectionId: "§9",
        message: "I couldn't find a charge with the reference CH-12345 on your account.",
      },
      {
        chargeId: "CH-90000",
        code: "UNKNOWN_CHARGE",
        sectionId: "§9",
        message: "I couldn't find a charge with the reference CH-90000 on your account.",
      },
    ]);
  });

  it("refuses the whole dispute when no charge is valid", () => {
    expect(dispute(["CH-1"])).toEqual({
      kind: "refuse",
      refused: [expect.objectContaining({ chargeId: "CH-1", code: "UNKNOWN_CHARGE" })],
    });
    expect(dispute(["not a charge"]).refused).toEqual([
      expect.objectContaining({ chargeId: "not a charge", code: "INVALID_CHARGE_ID" }),
    ]);
    expect(dispute([])).toEqual({
      kind: "refuse",
      refused: [expect.objectContaining({ code: "NO_CHARGES" })],
    });
  });

  it("never quotes a reference that is not a charge reference back to the customer", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (raw) => {
        const refusal = dispute([raw]).refused[0];
        if (refusal?.code !== "INVALID_CHARGE_ID") return;
        expect(refusal.message).toBe("A reference you gave is not one of our charge references.");
      }),
    );
  });

  it("matches ledger ids written in another form and refuses mixed currencies", () => {
    const ledger: LedgerCharge[] = [
      { chargeId: "ch_1001", amountCents: 500, currency: "USD", customerId: "cus_ana" },
      { chargeId: "CH-1002", amountCents: 500, currency: "EUR", customerId: "cus_ana" },
    ];
    expect(dispute(["CH-1001"], undefined, ledger)).toMatchObject({
      kind: "dispute",
      charges: [{ chargeId: "CH-1001" }],
    });
    expect(dispute(["CH-1001", "CH-1002"], undefined, ledger)).toEqual({
      kind: "refuse",
      refused: [expect.objectContaining({ code: "MIXED_CURRENCY" })],
    });
  });

  it("calls three charges with one shared amount a duplicate, and distinct amounts a wrong amount", () => {
    expect(dispute(["CH-88301", "CH-88302", "CH-88310"])).toMatchObject({
      category: "duplicate_charge",
      amountCents: 13248,
    });
    expect(dispute(["CH-88301", "CH-88310"])).toMatchObject({
      category: "wrong_amount",
      amountCents: 7249,
    });
  });
});

describe("disputeImpact", () => {
  it.each([
    [4999, "low"],
    [5000, "medium"],
    [25000, "medium"],
    [25001, "high"],
    [0, "low"],
  ] as const)("%i cents → %s", (amount, impact) => {
    expect(disputeImpact(amount)).toBe(impact);
  });
});

describe("openDisputeCovering", () => {
  const open: ExistingDispute = { id: "d1", chargeIds: ["CH-88301", "CH-88302"], resolved: false };
  const closed: ExistingDispute = { id: "d2", chargeIds: ["CH-88310"], resolved: true };

  it("finds the unresolved dispute that shares any charge, whatever the id's spelling", () => {
    expect(openDisputeCovering(["ch 88302"], [closed, open])).toBe(open);
    expect(openDisputeCovering(["CH-88399", "CH-88301"], [open])).toBe(open);
  });

  it("lets a charge whose dispute was resolved be disputed again", () => {
    expect(openDisputeCovering(["CH-88310"], [closed, open])).toBeUndefined();
  });

  it("never matches disjoint charges", () => {
    const id = fc.integer({ min: 10000, max: 99999 }).map((n) => `CH-${n}`);
    fc.assert(
      fc.property(fc.uniqueArray(id, { minLength: 2, maxLength: 8 }), fc.nat(), (ids, cut) => {
        const split = 1 + (cut % (ids.length - 1));
        const existing = [{ id: "d", chargeIds: ids.slice(0, split), resolved: false }];
        expect(openDisputeCovering(ids.slice(split), existing)).toBeUndefined();
        expect(openDisputeCovering(ids.slice(split - 1), existing)).toBe(existing[0]);
      }),
    );
  });
});
