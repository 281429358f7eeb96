import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLAIM_CORPORA } from "@/tests/data/claim-language-corpora";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import { AGENT_REPLY_CATALOGS } from "./catalogs/agent-replies";
import { knownSentence, knownSentences } from "./catalogs/known-sentences";
import {
  type ClaimProblemCode,
  checkCustomerMessageClaims,
  policyClaimFacts,
} from "./check-customer-message-claims";
import type { ClaimFacts } from "./claim-facts";
import { sentenceKey, splitClaimSentences } from "./claim-sentences";
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

  it("reads English sentences with their templates, and only English ones", () => {
    expect(problemCodes("Your quote for the rain jacket is $80.10.", facts)).toEqual([]);
    expect(problemCodes("Your quote for the rain jacket is $12.60.", facts)).not.toEqual([]);
  });

  it("refuses internal ids", () => {
    expect(problemCodes(`${harmless[0]} ${JACKET_ID}`, facts)).toContain("INTERNAL_ID");
  });
});

// Entries written as plain words or phrases ("reembols", "de acuerdo", "返金"), without pattern syntax.
function literalEntries(language: LexiconLanguage): string[] {
  const lexicon = LANGUAGE_LEXICONS[language];
  return [
    ...lexicon.moneyOrOutcome,
    ...lexicon.time,
    ...lexicon.proportion,
    ...lexicon.currency,
    ...lexicon.amountWords,
  ]
    .filter((entry) => /^[\p{L}' -]+\$?$/u.test(entry))
    .map((entry) => entry.replace(/\$$/u, ""));
}

// Inserted as a word of its own in Latin script; anywhere in Japanese, which has no spaces.
function insertAt(sentence: string, insertion: string, position: number, language: Language) {
  if (language === "ja") {
    const at = position % (sentence.length + 1);
    return `${sentence.slice(0, at)}${insertion}${sentence.slice(at)}`;
  }
  const words = sentence.split(" ");
  const at = position % (words.length + 1);
  return [...words.slice(0, at), insertion, ...words.slice(at)].join(" ");
}

const amounts = fc.oneof(
  fc.integer({ min: 0, max: 99_999 }).map(String),
  fc
    .tuple(fc.integer({ min: 0, max: 9_999 }), fc.integer({ min: 0, max: 99 }))
    .chain(([units, cents]) => {
      const decimals = String(cents).padStart(2, "0");
      return fc.constantFrom(
        `${units},${decimals}`,
        `${units}.${decimals}`,
        `${units},${decimals} €`,
        `€${units}`,
        `$${units}.${decimals}`,
        `${units} US$`,
        `R$ ${units},${decimals}`,
        `${units}%`,
        `${units}円`,
        `USD ${units}`,
      );
    }),
);

describe("the claim check in every language: properties", () => {
  const language = fc.constantFrom(...LANGUAGES);

  it("any word of the language's lexicon put into a harmless sentence makes it fail", () => {
    fc.assert(
      fc.property(
        language.chain((code) =>
          fc.tuple(
            fc.constant(code),
            fc.constantFrom(...CLAIM_CORPORA[code].harmless),
            fc.constantFrom(...literalEntries(code)),
            fc.nat(),
          ),
        ),
        ([code, sentence, word, position]) => {
          const message = insertAt(sentence, word, position, code);
          expect(problemCodes(message, openQuoteFacts(code)), message).not.toEqual([]);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it("any amount put into a harmless sentence makes it fail", () => {
    fc.assert(
      fc.property(
        language.chain((code) =>
          fc.tuple(fc.constant(code), fc.constantFrom(...CLAIM_CORPORA[code].harmless)),
        ),
        amounts,
        fc.nat(),
        ([code, sentence], amount, position) => {
          const message = insertAt(sentence, amount, position, code);
          expect(problemCodes(message, openQuoteFacts(code)), message).not.toEqual([]);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  // Longer than a greeting: "Un saludo." says nothing in any language.
  const saysMore = (text: string) =>
    splitClaimSentences(text).some(
      (sentence) =>
        (sentence.match(/\p{L}+/gu) ?? []).length > 3 ||
        /[\p{Script=Han}\p{Script=Hiragana}]/u.test(sentence),
    );

  // A third language's money claim is refused wherever it stands. (A harmless third-language
  // sentence behind one of the conversation's words can pass: it says nothing about money.)
  it("a money claim in a third language is refused, even among the conversation's own", () => {
    fc.assert(
      fc.property(
        fc
          .tuple(language, language)
          .filter(([written, conversation]) => written !== conversation)
          .chain(([written, conversation]) => {
            const { falseClaims } = CLAIM_CORPORA[written];
            return fc.tuple(
              fc.constant(conversation),
              fc.constantFrom(...falseClaims.filter(saysMore)),
              fc.subarray([...CLAIM_CORPORA[conversation].harmless], { maxLength: 2 }),
            );
          }),
        ([conversation, foreign, own]) => {
          const message = [...own, foreign].join(" ");
          expect(problemCodes(message, openQuoteFacts(conversation)), message).not.toEqual([]);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it("refuses every harmless sentence of one language, longer than a greeting, in a conversation in another", () => {
    const passed = LANGUAGES.flatMap((written) =>
      LANGUAGES.filter((conversation) => conversation !== written).flatMap((conversation) =>
        CLAIM_CORPORA[written].harmless
          .filter(saysMore)
          .filter((sentence) => problemCodes(sentence, openQuoteFacts(conversation)).length === 0)
          .map((sentence) => `${conversation}: ${sentence}`),
      ),
    );
    expect(passed).toEqual([]);
  });
});

describe("a conversation in English or in a language the check does not support", () => {
  const unsupported = { ...openQuoteFacts("en"), languageCode: "ru" };

  it("reads English only, as before: other languages' prose and money words are refused", () => {
    for (const facts of [openQuoteFacts("en"), unsupported]) {
      for (const sentence of [
        "Una persona de nuestro equipo te responderá por aquí.",
        "Ti metto in contatto con una persona del nostro team.",
        "Tu reembolso ya está en camino.",
        "返金は完了しました。",
      ]) {
        expect(problemCodes(sentence, facts), sentence).toContain("UNREADABLE_LANGUAGE");
      }
      expect(problemCodes("Thanks for your message! Which item is it about?", facts)).toEqual([]);
    }
  });

  it("does not know another language's fixed sentences", () => {
    const spanishHelp = knownSentences("es").help;
    expect(problemCodes(spanishHelp, openQuoteFacts("es"))).toEqual([]);
    expect(problemCodes(spanishHelp, openQuoteFacts("en"))).not.toEqual([]);
    expect(problemCodes(spanishHelp, openQuoteFacts("de"))).not.toEqual([]);
  });
});

describe("a claim split across sentences in another language", () => {
  it.each([
    ["es", "Sobre el reembolso de tu chaqueta.", "Eso va bien."],
    ["de", "Zu deiner Erstattung für die Jacke.", "Das sieht gut aus."],
    ["fr", "Concernant le remboursement de votre veste.", "Cela avance bien."],
    ["ja", "ジャケットの返金について。", "それは良いお知らせです。"],
  ] as const)(
    "reads %s sentences that lean on a money sentence together",
    (language, first, second) => {
      const facts = openQuoteFacts(language);
      expect(problemCodes(second, facts)).toEqual([]);
      expect(problemCodes(`${first} ${second}`, facts)).not.toEqual([]);
      expect(problemCodes(second, { ...facts, previousAgentMessage: first })).not.toEqual([]);
    },
  );
});

describe("a known sentence after the agent's previous message", () => {
  it.each([
    ["es", "El presupuesto se mantiene 10 minutos más."],
    ["de", "Das Angebot gilt noch 10 Minuten."],
  ] as const)(
    "%s: leaning on the quote message's last sentence adds nothing, so it passes",
    (language, previous) => {
      const facts = { ...openQuoteFacts(language), previousAgentMessage: previous };
      const intro = `${knownSentence(language, "policy_intro")}`;
      expect(problemCodes(intro, facts)).toEqual([]);
      // A sentence of its own that leans on it is still read with it.
      const claim = language === "es" ? "Eso ya está pagado." : "Das ist schon bezahlt.";
      expect(problemCodes(claim, facts)).not.toEqual([]);
    },
  );
});

describe("the customer's items by their store names, and the offline agent's own words", () => {
  const withOrders = (language: Language) =>
    openQuoteFacts(language, {
      orders: [
        {
          orderNumber: "B2002",
          currency: "USD",
          shippingCents: 0,
          placedAt: NOW,
          deliveredAt: NOW,
          lines: [
            { name: "Wireless earbuds", quantity: 1, unitPriceCents: 12900 },
            { name: "$50 Gift card", quantity: 1, unitPriceCents: 5000 },
          ],
        },
      ],
    });

  it("reads an item's store name as a name, and every other word of the sentence as usual", () => {
    expect(problemCodes("En tu pedido B2002: Wireless earbuds.", withOrders("es"))).toEqual([]);
    expect(problemCodes("In your order B2002: Wireless earbuds.", withOrders("en"))).toEqual([]);
    expect(problemCodes("Your Wireless earbuds refund was sent.", withOrders("en"))).not.toEqual(
      [],
    );
    expect(
      problemCodes("El reembolso de los Wireless earbuds ya está enviado.", withOrders("es")),
    ).not.toEqual([]);
  });

  it("never skips a store name with an amount in it", () => {
    expect(problemCodes("You will get the $50 Gift card.", withOrders("en"))).not.toEqual([]);
  });

  it("knows the offline agent's fixed sentences in the conversation's language only", () => {
    const ask = "Dime qué artículo quieres devolver y por qué.";
    expect(problemCodes(ask, openQuoteFacts("es"))).toEqual([]);
    expect(
      problemCodes("返品をご希望の商品と、その理由を教えてください。", openQuoteFacts("ja")),
    ).toEqual([]);
    expect(problemCodes(ask, openQuoteFacts("de"))).not.toEqual([]);
  });
});

describe("the fixed sentences the check trusts", () => {
  it.each(LANGUAGES)(
    "%s: none is a bare word of the money lexicon (trusting it would let that word through alone)",
    (language) => {
      const fixed = new Set(
        [
          ...Object.values(AGENT_REPLY_CATALOGS[language]),
          ...Object.values(knownSentences(language)),
        ]
          .flatMap((message) => splitClaimSentences(message))
          .map(sentenceKey),
      );
      expect(literalEntries(language).filter((entry) => fixed.has(sentenceKey(entry)))).toEqual([]);
    },
  );
});
