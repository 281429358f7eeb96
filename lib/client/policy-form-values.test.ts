import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import {
  type PolicyFormValues,
  parsePercentInput,
  policyFormValues,
  readPolicyForm,
} from "./policy-form-values";

function v1Values(edit: (values: PolicyFormValues) => void = () => {}): PolicyFormValues {
  const values = policyFormValues(POLICY_V1.document);
  edit(values);
  return values;
}

describe("the policy form", () => {
  it("shows v1 as a person types it and reads it back unchanged", () => {
    const values = v1Values();
    expect(values).toMatchObject({
      defaultWindowDays: "30",
      autoApproveLimit: "25.00",
      merchantFaultAutoApproveLimit: "0.00",
      quoteHoldMinutes: "10",
    });
    expect(values.categories[0]).toMatchObject({ windowDays: "15", openedFeePercent: "15" });
    expect(values.reasons.too_small.feePercent).toBe("10");
    expect(readPolicyForm(values)).toEqual({ ok: true, document: POLICY_V1.document });
  });

  it("reads percent as basis points and dollars as cents", () => {
    const reading = readPolicyForm(
      v1Values((values) => {
        values.autoApproveLimit = "$40";
        for (const reason of ["too_small", "too_large", "no_longer_needed"] as const) {
          values.reasons[reason].feePercent = "12.5";
        }
      }),
    );
    expect(reading.ok && reading.document.approval.autoApproveLimitCents).toBe(4000);
    expect(reading.ok && reading.document.reasons.too_small.feeRateBasisPoints).toBe(1250);
  });

  it("explains each bad field at its path: a window of 0 days, a fee over 100%, a bad amount", () => {
    const reading = readPolicyForm(
      v1Values((values) => {
        values.defaultWindowDays = "0";
        values.reasons.damaged.feePercent = "120";
        values.autoApproveLimit = "-5";
        if (values.categories[0]) values.categories[0].windowDays = "fifteen";
      }),
    );
    expect(reading).toEqual({
      ok: false,
      errors: {
        defaultWindowDays: expect.stringContaining("from 1 to 400"),
        "reasons.damaged.feeRateBasisPoints": expect.stringContaining("0% to 100%"),
        "approval.autoApproveLimitCents": expect.stringContaining("dollars and cents"),
        "categories.0.windowDays": expect.stringContaining("from 1 to 400"),
      },
    });
  });

  it("gives the schema's own words for the rules between fields", () => {
    const reading = readPolicyForm(
      v1Values((values) => {
        const [electronics] = values.categories;
        if (electronics) values.categories.push({ ...electronics, rowId: "again" });
        values.reasons.too_small.feePercent = "5";
      }),
    );
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.errors["categories.2.name"]).toContain("is listed twice");
    expect(reading.errors["reasons.too_large.feeRateBasisPoints"]).toContain(
      "must keep the same fee",
    );
  });

  it("reads a blank category window or fee as none of its own", () => {
    const reading = readPolicyForm(
      v1Values((values) => {
        if (values.categories[0]) {
          values.categories[0].windowDays = " ";
          values.categories[0].openedFeePercent = "";
        }
      }),
    );
    expect(reading.ok && reading.document.categories[0]).toMatchObject({
      windowDays: null,
      openedFeeRateBasisPoints: null,
    });
  });

  it("round-trips every fee from 0% to 100% through its text", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (basisPoints) => {
        const document = structuredClone(POLICY_V1.document);
        document.reasons.damaged.feeRateBasisPoints = basisPoints;
        const typed = policyFormValues(document).reasons.damaged.feePercent;
        expect(parsePercentInput(typed)).toBe(basisPoints);
      }),
    );
    expect(parsePercentInput("100.01")).toBeNull();
    expect(parsePercentInput("1.234")).toBeNull();
  });
});
