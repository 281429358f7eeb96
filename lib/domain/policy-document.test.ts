import { describe, expect, it } from "vitest";
import {
  hashPolicyDocument,
  type PolicyDocument,
  policyDocumentProblems,
  policyDocumentSchema,
  policyVersionLabel,
} from "./policy-document";
import { POLICY_V1 } from "./policy-v1";

function v1With(edit: (document: PolicyDocument) => void): PolicyDocument {
  const document = structuredClone(POLICY_V1.document);
  edit(document);
  return document;
}

describe("policyDocumentProblems", () => {
  it("finds nothing wrong with v1", () => {
    expect(policyDocumentProblems(POLICY_V1.document)).toEqual([]);
  });

  it("refuses shipping for a reason that is the customer's choice, at that reason's flag", () => {
    const document = v1With((draft) => {
      draft.reasons.too_small.refundsShipping = true;
    });
    expect(policyDocumentProblems(document)).toEqual([
      {
        path: ["reasons", "too_small", "refundsShipping"],
        message: expect.stringMatching(
          /^"too small" refunds shipping but is not marked merchant fault\./,
        ),
      },
    ]);
  });

  it("refuses customer reasons that keep different fees, at the fee that differs", () => {
    const document = v1With((draft) => {
      draft.reasons.no_longer_needed.feeRateBasisPoints = 500;
    });
    expect(policyDocumentProblems(document)).toEqual([
      {
        path: ["reasons", "no_longer_needed", "feeRateBasisPoints"],
        message: expect.stringMatching(
          /^"no longer needed" and "too small" keep different fees, but neither is merchant fault\./,
        ),
      },
    ]);
  });

  it("lets a merchant-fault reason keep its own fee and refund shipping", () => {
    const document = v1With((draft) => {
      draft.reasons.too_small = {
        merchantFault: true,
        feeRateBasisPoints: 0,
        refundsShipping: true,
      };
      draft.reasons.not_as_described.feeRateBasisPoints = 250;
    });
    expect(policyDocumentProblems(document)).toEqual([]);
  });

  it("names a category listed twice by both rows, at the later row's name", () => {
    const document = v1With((draft) => {
      draft.categories.push({ ...(draft.categories[0] as PolicyDocument["categories"][0]) });
    });
    expect(policyDocumentProblems(document)).toEqual([
      {
        path: ["categories", 2, "name"],
        message: '"electronics" is listed twice (rows 1 and 3); keep one row per category.',
      },
    ]);
  });

  it.each([
    { field: "windowDays", value: 30 },
    { field: "openedFeeRateBasisPoints", value: 1500 },
  ] as const)(
    "refuses a final-sale category with its own $field, at finalSale",
    ({ field, value }) => {
      const document = v1With((draft) => {
        const giftCards = draft.categories[1] as PolicyDocument["categories"][1];
        giftCards[field] = value;
      });
      expect(policyDocumentProblems(document)).toEqual([
        {
          path: ["categories", 1, "finalSale"],
          message: expect.stringMatching(/^"gift cards" is final sale, so it is never refunded/),
        },
      ]);
    },
  );

  it("refuses a document where an email refund could skip the approver", () => {
    const document = v1With((draft) => {
      draft.approval.alwaysApproveChannels = ["chat"];
    });
    expect(policyDocumentProblems(document)).toEqual([
      {
        path: ["approval", "alwaysApproveChannels"],
        message:
          "Email refunds must always need an approver: nobody confirms a quote live by email.",
      },
    ]);
  });

  it("reports every broken rule at once, and the schema raises each at its path", () => {
    const document = v1With((draft) => {
      draft.reasons.too_large.refundsShipping = true;
      draft.approval.alwaysApproveChannels = [];
    });
    expect(policyDocumentProblems(document).map((problem) => problem.path)).toEqual([
      ["reasons", "too_large", "refundsShipping"],
      ["approval", "alwaysApproveChannels"],
    ]);
    const parsed = policyDocumentSchema.safeParse(document);
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([
      ["reasons", "too_large", "refundsShipping"],
      ["approval", "alwaysApproveChannels"],
    ]);
  });
});

describe("policyDocumentSchema field ranges", () => {
  it.each([
    ["defaultWindowDays", 0],
    ["defaultWindowDays", 401],
    ["quoteHoldMinutes", 0],
    ["quoteHoldMinutes", 24 * 60 + 1],
  ] as const)("refuses %s = %i", (field, value) => {
    const parsed = policyDocumentSchema.safeParse({ ...POLICY_V1.document, [field]: value });
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([[field]]);
  });

  it("refuses a fee above 100% and a category name the store would not write", () => {
    const parsed = policyDocumentSchema.safeParse(
      v1With((draft) => {
        draft.reasons.damaged.feeRateBasisPoints = 10_001;
        (draft.categories[0] as PolicyDocument["categories"][0]).name = "Electronics";
      }),
    );
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([
      ["reasons", "damaged", "feeRateBasisPoints"],
      ["categories", 0, "name"],
    ]);
  });
});

describe("hashPolicyDocument and policyVersionLabel", () => {
  it("hashes the same terms alike whatever the key order, and other terms differently", () => {
    const reversed = Object.fromEntries(
      Object.entries(POLICY_V1.document).reverse(),
    ) as PolicyDocument;
    expect(Object.keys(reversed)).not.toEqual(Object.keys(POLICY_V1.document));
    expect(hashPolicyDocument(reversed)).toBe(hashPolicyDocument(POLICY_V1.document));
    expect(
      hashPolicyDocument(
        v1With((draft) => {
          draft.defaultWindowDays = 31;
        }),
      ),
    ).not.toBe(hashPolicyDocument(POLICY_V1.document));
  });

  it("labels version n as refund-policy/vn", () => {
    expect(policyVersionLabel(1)).toBe(POLICY_V1.version);
    expect(policyVersionLabel(12)).toBe("refund-policy/v12");
  });
});
