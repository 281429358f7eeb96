import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffPolicyDocuments, policyDiffRowText } from "./policy-diff";
import { MAX_WINDOW_DAYS, type PolicyDocument } from "./policy-document";
import { POLICY_V1 } from "./policy-v1";

const v1 = POLICY_V1.document;

function edited(edit: (document: PolicyDocument) => void): PolicyDocument {
  const copy = structuredClone(v1);
  edit(copy);
  return copy;
}

function diffText(after: PolicyDocument): string[] {
  return diffPolicyDocuments(v1, after).map(policyDiffRowText);
}

describe("diffPolicyDocuments", () => {
  it("finds nothing between a document and itself", () => {
    expect(diffPolicyDocuments(v1, structuredClone(v1))).toEqual([]);
  });

  it("names a category's window, its opened fee and the auto-approve limit in a lead's words", () => {
    const after = edited((document) => {
      const electronics = document.categories.find((category) => category.name === "electronics");
      if (!electronics) throw new Error("v1 has electronics");
      electronics.windowDays = 30;
      electronics.openedFeeRateBasisPoints = 1000;
      document.approval.autoApproveLimitCents = 4000;
    });
    expect(diffText(after)).toEqual([
      "Electronics window: 15 days → 30 days",
      "Opened electronics fee: 15% → 10%",
      "Auto-approve limit: $25.00 → $40.00",
    ]);
  });

  it("reads a category without its own window as the default, which moves with the default", () => {
    const after = edited((document) => {
      document.defaultWindowDays = 45;
      const electronics = document.categories[0];
      if (electronics) electronics.windowDays = null;
    });
    expect(diffText(after)).toEqual([
      "Default return window: 30 days → 45 days",
      "Electronics window: 15 days → default (45 days)",
    ]);
  });

  it("lists a category added and one removed", () => {
    const after = edited((document) => {
      document.categories = [
        ...document.categories.filter((category) => category.name !== "gift_card"),
        {
          name: "swimwear",
          label: "swimwear",
          windowDays: 14,
          openedFeeRateBasisPoints: null,
          finalSale: false,
        },
      ];
    });
    expect(diffText(after)).toEqual([
      "Category removed: gift cards: final sale",
      "Category added: swimwear: window 14 days, opened fee none",
    ]);
  });

  it("reports reason terms, approval lists and the quote hold", () => {
    const after = edited((document) => {
      document.reasons.not_as_described.refundsShipping = true;
      document.reasons.too_small.feeRateBasisPoints = 500;
      document.reasons.too_large.feeRateBasisPoints = 500;
      document.reasons.no_longer_needed.feeRateBasisPoints = 500;
      document.approval.alwaysApproveChannels = ["email", "chat"];
      document.approval.alwaysApproveReasons = ["no_longer_needed", "damaged"];
      document.approval.merchantFaultAutoApproveLimitCents = 1050;
      document.quoteHoldMinutes = 15;
    });
    expect(diffText(after)).toEqual([
      '"Not as described" refunds shipping: no → yes',
      '"Too small" fee: 10% → 5%',
      '"Too large" fee: 10% → 5%',
      '"No longer needed" fee: 10% → 5%',
      "Merchant-fault auto-approve limit: $0.00 → $10.50",
      "Channels that always need a person: email → chat, email",
      "Reasons that always need a person: none → arrived damaged, no longer needed",
      "Quote hold: 10 minutes → 15 minutes",
    ]);
  });

  it("treats the same lists in another order as no change", () => {
    const before = edited((document) => {
      document.approval.alwaysApproveChannels = ["chat", "email"];
    });
    const after = edited((document) => {
      document.approval.alwaysApproveChannels = ["email", "chat"];
      document.categories.reverse();
    });
    expect(diffPolicyDocuments(before, after)).toEqual([]);
  });

  it("reports exactly one row for any change of the default window, and none back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_WINDOW_DAYS }), (windowDays) => {
        fc.pre(windowDays !== v1.defaultWindowDays);
        const after = edited((document) => {
          document.defaultWindowDays = windowDays;
        });
        // Gift cards have no window of their own, but they are final sale: no window row.
        expect(diffPolicyDocuments(v1, after)).toEqual([
          {
            kind: "changed",
            term: "Default return window",
            before: "30 days",
            after: windowDays === 1 ? "1 day" : `${windowDays} days`,
          },
        ]);
        expect(diffPolicyDocuments(after, after)).toEqual([]);
      }),
    );
  });
});
