import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { netRefundOf, SOCKS } from "@/tests/data/classifier/corpus-entry";
import { CLASSIFIER_HOLDOUT } from "@/tests/data/classifier/holdout-v1";
import { CLASSIFIER_HOLDOUT_V2 } from "@/tests/data/classifier/holdout-v2";
import { CLASSIFIER_CORPUS } from "@/tests/data/classifier/labelled-corpus";
import { intentOf } from "@/tests/support/consent-corpus";
import { classifyMessage } from "./classify-message";
import { consentLanguage } from "./consent-language";
import { type Language, SUPPORTED_LANGUAGES } from "./languages";
import { PENDING_ACTION_STATUSES } from "./pending-action-status";

const OTHER_LANGUAGES = SUPPORTED_LANGUAGES.filter((language) => language !== "en");
const ENGLISH_ENTRIES = [...CLASSIFIER_CORPUS, ...CLASSIFIER_HOLDOUT, ...CLASSIFIER_HOLDOUT_V2];

describe("consentLanguage", () => {
  it("reads English until the conversation's language is known", () => {
    expect(consentLanguage(null)).toBe("en");
  });

  it("reads a supported language with its own grammar", () => {
    for (const language of SUPPORTED_LANGUAGES) expect(consentLanguage(language)).toBe(language);
  });

  it("reads no grammar for a language Countersign does not speak", () => {
    for (const code of ["pl", "zh", "ru", "EN", "", "es-ES"])
      expect(consentLanguage(code)).toBe(null);
  });
});

describe("a conversation in a language without a grammar", () => {
  it("never confirms, resumes or cancels, whatever is typed", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom(...ENGLISH_ENTRIES.map((entry) => entry.text))),
        fc.constantFrom(...PENDING_ACTION_STATUSES),
        (text, status) => {
          const { intent } = classifyMessage({
            text,
            language: null,
            openAction: {
              status,
              itemNames: ["Wool socks"],
              lineIds: ["B2001-2"],
              netRefundCents: 1260,
              currency: "USD",
            },
          });
          expect(intent).toBe("other");
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("a message in English in a conversation in another language", () => {
  it("says yes only in the conversation's language", () => {
    for (const language of OTHER_LANGUAGES) {
      for (const text of ["yes, go ahead", "please proceed", "I confirm", "sounds good"]) {
        expect(intentOf(language, text), `${language}: ${text}`).not.toBe("confirm");
      }
    }
  });

  it("confirms none of the English corpora's messages that English does not confirm", () => {
    // The English corpora hold one Spanish yes, which English rightly does not read.
    const yesInThatLanguage: Partial<Record<Language, string[]>> = { es: ["sí"] };
    const notYes = ENGLISH_ENTRIES.filter(
      (entry) => entry.expected !== "confirm" && entry.status !== null,
    );
    for (const language of OTHER_LANGUAGES) {
      const confirmed = notYes
        .filter((entry) => {
          const quote = {
            items: entry.items ?? SOCKS.items,
            lineIds: entry.lineIds ?? SOCKS.lineIds,
            netRefundCents: netRefundOf(entry),
          };
          const status = entry.status ?? "awaiting_confirmation";
          return intentOf(language, entry.text, status, quote) === "confirm";
        })
        .map((entry) => entry.text);
      expect(confirmed, language).toEqual(yesInThatLanguage[language] ?? []);
    }
  });

  it("stops a yes in the conversation's language that English reads a question or hedge in", () => {
    expect(intentOf("es", "sí, adelante")).toBe("confirm");
    expect(intentOf("es", "sí, adelante, how long does it take")).not.toBe("confirm");
    expect(intentOf("es", "sí, adelante, but only the socks")).not.toBe("confirm");
    expect(intentOf("de", "ja, bitte, if it arrives today")).not.toBe("confirm");
    expect(intentOf("fr", "oui, my manager approved it")).not.toBe("confirm");
    expect(intentOf("ja", "はい、お願いします、lol")).not.toBe("confirm");
  });
});

describe("a long run of words each grammar may read two ways", () => {
  it.each<[Language, string, string]>([
    ["de", "danke schön", " "],
    ["nl", "ja graag", " "],
    ["es", "entonces", " "],
    ["fr", "merci bien", " "],
    ["ja", "どうもありがとうございます", ""],
    ["ja", "いいえ結構です", ""],
  ])(
    "%s: %s, forty times and then something else, is read in well under a second",
    (language, words, gap) => {
      for (const ending of ["", " x", " ?", "x"]) {
        const text = `${Array(40).fill(words).join(gap)}${ending}`;
        const started = performance.now();
        expect(intentOf(language, text)).not.toBe("confirm");
        expect(performance.now() - started).toBeLessThan(1000);
      }
    },
  );
});
