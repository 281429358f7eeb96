import { describe, expect, it } from "vitest";
import { photoRequestText } from "./attachment-texts";
import { checkCustomerMessageClaims, policyClaimFacts } from "./check-customer-message-claims";
import type { ClaimFacts } from "./claim-facts";
import { SUPPORTED_LANGUAGES } from "./languages";
import { POLICY_V1 } from "./policy-v1";
import { DEFAULT_SETTINGS } from "./settings";

function factsIn(language: (typeof SUPPORTED_LANGUAGES)[number]): ClaimFacts {
  return {
    channel: "chat",
    languageCode: language,
    language,
    actions: [],
    refunds: [],
    orders: [],
    customerOrderMentions: [],
    charges: [],
    disputes: [],
    ...policyClaimFacts(POLICY_V1, DEFAULT_SETTINGS),
    internalIds: [],
    previousAgentMessage: null,
    policyRefusals: [],
    disputeRefusals: [],
  };
}

describe("the photo request", () => {
  it("claims nothing about money, so the claim check lets it through in every language", () => {
    const refused = SUPPORTED_LANGUAGES.flatMap((language) => {
      const text = photoRequestText(language);
      const check = checkCustomerMessageClaims(text, factsIn(language));
      return check.ok
        ? []
        : [`${language}: ${check.problems.map((problem) => problem.code).join(", ")}`];
    });
    expect(refused).toEqual([]);
    for (const language of SUPPORTED_LANGUAGES) {
      const text = photoRequestText(language);
      expect(checkCustomerMessageClaims(text, factsIn(language)), `${language}: ${text}`).toEqual(
        expect.objectContaining({ ok: true }),
      );
    }
  });
});
