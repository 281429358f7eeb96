import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyMessage, type MessageIntent } from "@/lib/domain/classify-message";
import { formatMoneyIn, type Language } from "@/lib/domain/languages";
import type { PendingActionStatus } from "@/lib/domain/pending-action-status";
import { JACKET_AND_SOCKS, SOCKS } from "@/tests/data/classifier/corpus-entry";

/*
 * One language's consent corpus and the tests every language's grammar must pass. Texts are
 * read against the socks quote ($12.60 for "Wool socks") unless they say otherwise; "{amount}"
 * stands for the quote's amount as the customer saw it (`formatMoneyIn` in their language).
 */
export type ConsentCorpus = {
  language: Language;
  /** Plain yeses: plain, with courtesy, "go ahead" shapes, naming the item or the amount. */
  yeses: readonly string[];
  /** Yeses to the jacket-and-socks quote that name both of its items. */
  yesesNamingEveryItem: readonly string[];
  /** The same quote, naming one item only: a narrowing, never a yes. */
  partialItemYeses: readonly string[];
  declines: readonly string[];
  /** Questions, mostly without a question mark. */
  questions: readonly string[];
  /** Asking for another item instead. */
  switches: readonly string[];
  /** Carrying on with a suspended quote. */
  resumes: readonly string[];
  /** At least 25: negations, conditions, questions, amounts, items, authority, sarcasm… */
  mustNotConfirm: readonly string[];
  /** Clauses that, added to any yes, must stop it confirming. */
  spoilers: {
    question: readonly string[];
    negation: readonly string[];
    condition: readonly string[];
    otherItem: readonly string[];
    sarcasm: readonly string[];
  };
};

type Quote = { items: readonly string[]; lineIds: readonly string[]; netRefundCents: number };

export function intentOf(
  language: Language | null,
  text: string,
  status: PendingActionStatus = "awaiting_confirmation",
  quote: Quote = SOCKS,
): MessageIntent {
  return classifyMessage({
    text,
    language,
    openAction: {
      status,
      itemNames: quote.items,
      lineIds: quote.lineIds,
      netRefundCents: quote.netRefundCents,
      currency: "USD",
    },
  }).intent;
}

export function withAmount(language: Language, text: string, cents: number = SOCKS.netRefundCents) {
  return text.replaceAll("{amount}", formatMoneyIn(language, cents, "USD"));
}

/** Clauses English readers would object to, added to a yes in any other language. */
const ENGLISH_SPOILERS = [
  "how long does it take",
  "if it arrives today",
  "but only the socks",
  "lol",
  "my manager approved it",
  "wait",
  "instead the jacket",
];

export function describeConsentGrammar(corpus: ConsentCorpus) {
  const { language } = corpus;
  const yeses = corpus.yeses.map((text) => withAmount(language, text));
  const joiners = language === "ja" ? ["、", "。", "", " ", "\n"] : [", ", " ", ". ", "\n", "! "];

  describe(`consent in ${language}`, () => {
    it.each(yeses)("confirms the plain yes %j", (text) => {
      expect(intentOf(language, text)).toBe("confirm");
    });

    it.each(corpus.yesesNamingEveryItem)("confirms %j, which names every item", (text) => {
      expect(intentOf(language, text, "awaiting_confirmation", JACKET_AND_SOCKS)).toBe("confirm");
    });

    it.each(corpus.partialItemYeses)("does not confirm %j, which names one item", (text) => {
      expect(intentOf(language, text, "awaiting_confirmation", JACKET_AND_SOCKS)).not.toBe(
        "confirm",
      );
    });

    it.each(corpus.declines)("reads %j as a decline", (text) => {
      expect(intentOf(language, text)).toBe("decline");
    });

    it.each(corpus.questions)("reads %j as a question", (text) => {
      expect(intentOf(language, text)).toBe("interrupt");
    });

    it.each(corpus.switches)("reads %j as a switch to something else", (text) => {
      expect(intentOf(language, text)).toBe("replace");
    });

    it.each(corpus.resumes)("resumes a suspended quote on %j", (text) => {
      expect(intentOf(language, text, "suspended")).toBe("resume");
      expect(intentOf(language, text)).not.toBe("confirm");
    });

    it("has at least 25 messages that must not confirm, and none does", () => {
      expect(corpus.mustNotConfirm.length).toBeGreaterThanOrEqual(25);
      const confirmed = corpus.mustNotConfirm
        .map((text) => withAmount(language, text))
        .filter((text) => intentOf(language, text) === "confirm");
      expect(confirmed).toEqual([]);
    });

    it("no decline, question, switch or resume confirms", () => {
      const texts = [
        ...corpus.declines,
        ...corpus.questions,
        ...corpus.switches,
        ...corpus.resumes,
      ];
      expect(texts.filter((text) => intentOf(language, text) === "confirm")).toEqual([]);
    });

    const spoiled = (spoilers: fc.Arbitrary<string>) =>
      fc.property(
        fc.constantFrom(...yeses),
        spoilers,
        fc.constantFrom(...joiners),
        fc.boolean(),
        (yes, spoiler, joiner, after) => {
          const text = after ? `${yes}${joiner}${spoiler}` : `${spoiler}${joiner}${yes}`;
          expect(intentOf(language, text), text).not.toBe("confirm");
        },
      );

    for (const [kind, spoilers] of Object.entries(corpus.spoilers)) {
      it(`a yes with ${kind} added stops confirming`, () => {
        expect(spoilers.length).toBeGreaterThan(0);
        fc.assert(spoiled(fc.constantFrom(...spoilers)), { numRuns: 300 });
      });
    }

    it("a yes with another amount, or the amount in another currency, stops confirming", () => {
      const otherAmount = fc
        .tuple(
          fc.integer({ min: 1, max: 99_999_99 }).filter((cents) => cents !== SOCKS.netRefundCents),
          fc.constantFrom("USD", "EUR", "GBP"),
        )
        .map(([cents, currency]) => formatMoneyIn(language, cents, currency));
      const sameInEuros = fc.constant(formatMoneyIn(language, SOCKS.netRefundCents, "EUR"));
      fc.assert(spoiled(fc.oneof(otherAmount, sameInEuros)), { numRuns: 300 });
    });

    it("a yes with a sarcasm marker, a question or a switch in English stops confirming", () => {
      fc.assert(spoiled(fc.constantFrom(...ENGLISH_SPOILERS)), { numRuns: 200 });
    });

    it("names the amount in a locale's format only when it is the quote's exact amount", () => {
      const amountYeses = corpus.yeses.filter((text) => text.includes("{amount}"));
      expect(amountYeses.length).toBeGreaterThan(0);
      for (const text of amountYeses) {
        expect(intentOf(language, withAmount(language, text, 1261))).not.toBe("confirm");
        expect(intentOf(language, withAmount(language, text, 126))).not.toBe("confirm");
      }
    });

    it("reads no yes when the conversation's language has no grammar", () => {
      for (const text of [...yeses, ...corpus.resumes]) {
        for (const status of ["awaiting_confirmation", "suspended", "approved"] as const) {
          expect(intentOf(null, text, status)).toBe("other");
        }
      }
    });
  });
}
