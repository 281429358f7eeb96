import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLAIM_CORPORA } from "@/tests/data/claim-language-corpora";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { knownSentences } from "./catalogs/known-sentences";
import {
  type ClaimProblemCode,
  checkCustomerMessageClaims,
  policyClaimFacts,
} from "./check-customer-message-claims";
import type { ClaimFacts } from "./claim-facts";
import { renderableStatementTexts } from "./claim-statements";
import { evaluateRefund } from "./evaluate-refund";
import { LANGUAGE_LEXICONS, type LexiconLanguage } from "./language-lexicons";
import type { Language } from "./languages";
import { POLICY_V1 } from "./policy-v1";
import { hashQuote } from "./quote";
import { DEFAULT_SETTINGS } from "./settings";

const NOW = new Date("2026-03-15T12:00:00.000Z");
const orders = buildScenarioOrders(NOW);
const LANGUAGES = Object.keys(CLAIM_CORPORA) as LexiconLanguage[];
const JACKET_ID = "cmpa0jacket00000000000001";

const decision = evaluateRefund({
  order: orders.samB2001,
  selectedLineIds: ["B2001-1"],
  reason: "too_large",
  channel: "chat",
  now: NOW,
  policy: POLICY_V1,
});
if (decision.kind !== "quote") throw new Error("fixture must quote");
const jacket = decision.quote;

// Sam's chat with the rain jacket's quote ($80.10) open: nothing has been refunded or approved.
function openQuoteFacts(language: Language, extra: Partial<ClaimFacts> = {}): ClaimFacts {
  return {
    channel: "chat",
    languageCode: language,
    language,
    actions: [
      {
        id: JACKET_ID,
        status: "awaiting_confirmation",
        quote: jacket,
        needsApproval: false,
        rejectionNote: null,
        refund: null,
        refusedLines: [],
      },
    ],
    refunds: [],
    orders: [],
    customerOrderMentions: [],
    charges: [],
    disputes: [],
    ...policyClaimFacts(POLICY_V1, DEFAULT_SETTINGS),
    internalIds: [JACKET_ID, hashQuote(jacket)],
    previousAgentMessage: null,
    policyRefusals: [],
    disputeRefusals: [],
    ...extra,
  };
}

function problemCodes(message: string, facts: ClaimFacts): ClaimProblemCode[] {
  const result = checkCustomerMessageClaims(message, facts);
  return result.ok ? [] : result.problems.map((problem) => problem.code);
}

describe.each(LANGUAGES)("the claim check in a conversation in %s", (language) => {
  const facts = openQuoteFacts(language);
  const { falseClaims, harmless } = CLAIM_CORPORA[language];

  it("has a corpus of at least 30 false claims and 15 harmless sentences", () => {
    expect(falseClaims.length).toBeGreaterThanOrEqual(30);
    expect(harmless.length).toBeGreaterThanOrEqual(15);
  });

  it("refuses every false or unverifiable money claim", () => {
    expect(falseClaims.filter((claim) => problemCodes(claim, facts).length === 0)).toEqual([]);
  });

  it("passes every harmless sentence, alone and all in one message", () => {
    expect(harmless.filter((sentence) => problemCodes(sentence, facts).length > 0)).toEqual([]);
    expect(problemCodes(harmless.join(" "), facts)).toEqual([]);
  });

  it("refuses a claim hidden among harmless sentences", () => {
    for (const claim of falseClaims) {
      const message = [harmless[0], claim, harmless[1]].join(" ");
      expect(problemCodes(message, facts), message).toContain("UNREAD_MONEY_TALK");
    }
  });

  it("passes the fixed known sentences in its language and in English", () => {
    for (const sentence of [
      ...Object.values(knownSentences(language)),
      ...Object.values(knownSentences("en")),
    ]) {
      expect(problemCodes(sentence, facts), sentence).toEqual([]);
    }
  });

  it("passes the statements code rendered, copied as they are", () => {
    const texts = renderableStatementTexts(facts);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(problemCodes(text, facts), text).toEqual([]);
  });

  it("passes a policy passage quoted verbatim, and nothing it does not say", () => {
    const [claim] = falseClaims;
    const passage = `${harmless[2]} ${claim}`;
    const quoting = openQuoteFacts(language, { verbatim: [passage] });
    expect(problemCodes(claim ?? "", quoting)).toEqual([]);
    expect(problemCodes(falseClaims[1] ?? "", quoting)).not.toEqual([]);
  });

  it("refuses internal ids", () => {
    expect(problemCodes(`${harmless[0]} ${JACKET_ID}`, facts)).toContain("INTERNAL_ID");
  });
});
