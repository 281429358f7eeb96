import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COFFEE_AND_MUGS,
  type CorpusEntry,
  JACKET_AND_SOCKS,
  SOCKS,
} from "@/tests/data/classifier/corpus-entry";
import { CLASSIFIER_HOLDOUT } from "@/tests/data/classifier/holdout-v1";
import { CLASSIFIER_HOLDOUT_V2 } from "@/tests/data/classifier/holdout-v2";
import { CLASSIFIER_CORPUS } from "@/tests/data/classifier/labelled-corpus";
import { classifyEntry } from "@/tests/support/score-classifier-corpus";
import { allowedIntents } from "./classify-message";
import { CONFIRM_CLAUSE, RESUME_CLAUSE, TYPO_TARGETS } from "./classify-message-lexicon";
import { isEditDistanceAtMostOne } from "./edit-distance";
import { PENDING_ACTION_STATUSES } from "./pending-action-status";

type Quote = { items: readonly string[]; lineIds: readonly string[]; netRefundCents: number };

function confirms(text: string, quote: Quote = SOCKS): boolean {
  return classifyEntry({ text, status: "awaiting_confirmation", ...quote }).intent === "confirm";
}

const corpusYeses = (quote: Quote) =>
  [...CLASSIFIER_CORPUS, ...CLASSIFIER_HOLDOUT, ...CLASSIFIER_HOLDOUT_V2]
    .filter((entry: CorpusEntry) => entry.status === "awaiting_confirmation")
    .map((entry) => entry.text)
    .filter((text) => confirms(text, quote));

/** Plain yeses assembled from the grammar's own parts, in the shapes customers write them. */
const builtYes = fc
  .tuple(
    fc.constantFrom("", "hi, ", "hello there. ", "thanks, ", "great, "),
    fc.constantFrom("yes", "yeah", "ok", "okay", "sure", "yep", "alright", "absolutely", "perfect"),
    fc.constantFrom(
      "",
      " please",
      ", go ahead",
      ", please proceed",
      " I confirm",
      ", that's fine",
      ", sounds good",
      ", please refund it",
      ", go ahead with the refund",
      ", do it",
      ". I accept the quote",
      ", I'd like to go ahead",
    ),
    fc.constantFrom("", ", thanks", ". Thank you so much!", " 👍", " 🙂", "!", ".", " ✅"),
  )
  .map((parts) => parts.join(""));

const socksYes = fc.oneof(builtYes, fc.constantFrom(...corpusYeses(SOCKS)));
const multiYes = fc.oneof(builtYes, fc.constantFrom(...corpusYeses(COFFEE_AND_MUGS)));

const separator = fc.constantFrom(" ", ", ", ". ", " - ", "\n", "! ", " — ");

/** Puts a hazard before, after or between the words of a yes. */
function withHazard(yes: fc.Arbitrary<string>, hazard: fc.Arbitrary<string>) {
  return fc
    .tuple(yes, hazard, separator, fc.constantFrom("before", "after", "inside"), fc.nat())
    .map(([text, danger, join, where, seed]): [string, string] => {
      if (where === "before") return [text, `${danger}${join}${text}`];
      if (where === "after") return [text, `${text}${join}${danger}`];
      const words = text.split(" ");
      const at = seed % (words.length + 1);
      return [text, [...words.slice(0, at), danger, ...words.slice(at)].join(" ")];
    });
}

const thing = fc.constantFrom("the fee", "shipping", "the money", "it", "the refund", "my card");
const HAZARDS: Record<string, fc.Arbitrary<string>> = {
  question: fc.oneof(
    fc.constantFrom("?", "？", "؟", ";", "\u037E", "¿", "‽", "⸮", "⁉", "﹖"),
    fc
      .tuple(
        fc.constantFrom(
          "what about",
          "how long for",
          "why is there",
          "is there",
          "does that include",
          "when do I get",
          "where does",
          "which card gets",
          "would that cover",
          "can I keep",
          "do you need",
          "I wonder about",
          "could you explain",
          "tell me about",
          "wait, what is",
          "before I confirm, what is",
          "who gets",
        ),
        thing,
      )
      .map(([ask, what]) => `${ask} ${what}`),
  ),
  negation: fc.constantFrom(
    "not",
    "no",
    "don't",
    "do not",
    "never",
    "nope",
    "I don't think so",
    "not really",
    "no way",
    "don't go ahead",
    "wait no",
    "nah",
    "I do not agree",
    "absolutely not",
  ),
  condition: fc
    .tuple(
      fc.constantFrom(
        "if",
        "unless",
        "but",
        "as long as",
        "provided",
        "only if",
        "except",
        "once",
        "though",
        "assuming",
      ),
      fc.constantFrom("the fee is waived", "it arrives today", "I keep them", "you hurry", "ok"),
    )
    .map(([word, rest]) => `${word} ${rest}`),
  contradictingEmoji: fc.oneof(
    fc.constantFrom(
      "👎",
      "😡",
      "😒",
      "🙄",
      "🤔",
      "😂",
      "❌",
      "🙃",
      "😤",
      "💀",
      "🤡",
      "🚫",
      "⚠️",
      "✋",
    ),
    fc
      .integer({ min: 0x1f600, max: 0x1f64f })
      .map((code) => String.fromCodePoint(code))
      .filter((emoji) => !["🙂", "😊", "🙏"].includes(emoji)),
  ),
  sarcasm: fc.constantFrom("yeah right", "/s", "as if", "…", "...", "lol", "totally", "oh sure"),
  widening: fc.constantFrom(
    "and the jacket too",
    "everything",
    "the lot",
    "all of it",
    "the whole order",
    "plus shipping",
    "and my other order",
    "both orders",
    "all my orders",
    "as well as the earbuds",
    "and refund the shipping",
    "full refund",
    "refund everything",
    "and the rest",
  ),
  claim: fc.constantFrom(
    "like last time",
    "as you did before",
    "you already refunded the jacket",
    "same as my previous refund",
    "as agreed on the phone",
    "you promised",
    "I was told it's free",
    "my last refund never came",
    "again",
    "the manager approved it",
  ),
  time: fc.constantFrom(
    "tomorrow",
    "next week",
    "on Monday",
    "at noon",
    "by Friday",
    "later today",
    "tonight",
    "in an hour",
  ),
  amount: fc.constantFrom("$5", "12.50", "€12", "£10", "10%", "twelve dollars", "half", "twice"),
};

/**
 * Careful yeses (issue 30 item 5): a yes that names the quote's exact amount ($12.60) or its exact
 * item (the socks). Each slot is a place a mutation can put something else.
 */
const AMOUNT_FORMS = ["$12.60", "12.60", "12.60 USD", "$ 12.60", "twelve dollars and sixty cents"];
const carefulYes = fc
  .tuple(
    fc.constantFrom("", "hi, ", "thanks, "),
    fc.constantFrom("yes", "ok", "sure", "yep", "alright", "okay"),
    fc.oneof(
      fc
        .tuple(
          fc.constantFrom(
            ", {A} is fine",
            ", {A} works for me",
            " to {A}",
            ", refund {A}",
            ", please confirm the refund of {A}",
            ", {A} sounds good",
            " {A}",
          ),
          fc.constantFrom(...AMOUNT_FORMS),
        )
        .map(([shape, amount]) => shape.replace("{A}", amount)),
      fc.constantFrom(
        " for the socks",
        " for the wool socks",
        ", please refund the wool socks",
        ", go ahead with the socks",
        " for my socks",
        ", refund the socks please",
      ),
    ),
    fc.constantFrom("", ", thanks", "!", ".", " 👍"),
  )
  .map((parts) => parts.join(""));

const otherAmount = fc
  .integer({ min: 1, max: 99_999 })
  .filter((cents) => cents !== 1260)
  .chain((cents) =>
    fc.constantFrom(
      `$${(cents / 100).toFixed(2)}`,
      `${(cents / 100).toFixed(2)}`,
      `USD ${(cents / 100).toFixed(2)}`,
    ),
  );
const foreignAmount = fc.constantFrom(
  "€12.60",
  "£12.60",
  "12.60 EUR",
  "-$12.60",
  "$12.60k",
  "$12.600",
);
const otherItem = fc.constantFrom(
  "the jacket",
  "the rain jacket",
  "the earbuds",
  "the mugs",
  "my other order",
  "the gift card",
);

/** The careful yes with its amount or item swapped for something the quote does not say. */
function swapSlot(text: string, amount: string, item: string): string {
  for (const form of [...AMOUNT_FORMS].sort((a, b) => b.length - a.length)) {
    if (text.includes(form)) return text.replace(form, amount);
  }
  return text.replace(/(?:the |my )?(?:wool )?socks/, item);
}

describe("classifyMessage properties", () => {
  const runs = { numRuns: 1000 };

  for (const [kind, hazard] of Object.entries(HAZARDS)) {
    it(`stops confirming when a yes gains a ${kind}`, () => {
      fc.assert(
        fc.property(withHazard(socksYes, hazard), ([yes, mutant]) => {
          expect(confirms(yes), yes).toBe(true);
          expect(confirms(mutant), mutant).toBe(false);
        }),
        runs,
      );
    });
  }

  it("accepts a careful yes, and stops when its amount is another amount", () => {
    fc.assert(
      fc.property(carefulYes, fc.oneof(otherAmount, foreignAmount), (yes, amount) => {
        const mutant = swapSlot(yes, amount, `the socks for ${amount}`);
        expect(confirms(yes), yes).toBe(true);
        expect(confirms(mutant), mutant).toBe(false);
      }),
      runs,
    );
  });

  it("stops confirming a careful yes that names another item, or adds one", () => {
    fc.assert(
      fc.property(carefulYes, otherItem, fc.boolean(), (yes, item, add) => {
        const mutant = add ? `${yes} and ${item}` : swapSlot(yes, `$12.60 for ${item}`, item);
        expect(confirms(yes), yes).toBe(true);
        expect(confirms(mutant), mutant).toBe(false);
      }),
      runs,
    );
  });

  const CAREFUL_HAZARDS = ["negation", "question", "condition", "sarcasm", "time", "claim"];
  for (const [kind, hazard] of Object.entries(HAZARDS).filter(([kind]) =>
    CAREFUL_HAZARDS.includes(kind),
  )) {
    it(`stops confirming a careful yes that gains a ${kind}`, () => {
      fc.assert(
        fc.property(withHazard(carefulYes, hazard), ([yes, mutant]) => {
          expect(confirms(yes), yes).toBe(true);
          expect(confirms(mutant), mutant).toBe(false);
        }),
        runs,
      );
    });
  }

  it("confirms a quote of several items only when every item, or its total, is named", () => {
    const whole = fc.constantFrom(
      "yes for the jacket and the socks",
      "yes for the socks and the rain jacket",
      "ok, $92.70 is fine",
      "yes, refund the rain jacket and the wool socks please",
    );
    const partial = fc.constantFrom(
      "yes for the jacket",
      "yes for the socks",
      "ok, $80.10 is fine",
      "ok, $12.60 is fine",
      "yes, refund the wool socks please",
      "yes for the jacket and the earbuds",
    );
    fc.assert(
      fc.property(whole, partial, (yes, narrowed) => {
        expect(confirms(yes, JACKET_AND_SOCKS), yes).toBe(true);
        expect(confirms(narrowed, JACKET_AND_SOCKS), narrowed).toBe(false);
      }),
      runs,
    );
  });

  it("stops confirming when a yes to several items narrows to one", () => {
    const narrowing = fc.constantFrom(
      "just the mugs",
      "only the coffee maker",
      "the coffee maker only",
      "not the mugs",
      "except the mugs",
      "for the mug",
      "the glass coffee maker",
      "refund the stoneware mugs",
      "the pour-over coffee maker please",
    );
    fc.assert(
      fc.property(withHazard(multiYes, narrowing), ([yes, mutant]) => {
        expect(confirms(yes, COFFEE_AND_MUGS), yes).toBe(true);
        expect(confirms(mutant, COFFEE_AND_MUGS), mutant).toBe(false);
      }),
      runs,
    );
  });

  it("stops confirming when the yes is struck through, quoted or marked up as code", () => {
    const markup = fc.constantFrom(
      (text: string) => `~~${text}~~`,
      (text: string) => `> ${text}`,
      (text: string) => `\`${text}\``,
      (text: string) => `<s>${text}</s>`,
      (text: string) => `${text} ~~please~~`,
      (text: string) => `~~no~~ ${text}`,
      (text: string) => `> Reply yes to confirm\n${text}`,
      (text: string) => `\`\`\`\n${text}\n\`\`\``,
    );
    fc.assert(
      fc.property(socksYes, markup, (text, wrap) => {
        expect(confirms(text), text).toBe(true);
        expect(confirms(wrap(text)), wrap(text)).toBe(false);
      }),
      runs,
    );
  });

  it("never confirms a yes that gains a digit or a currency sign, of any script", () => {
    const mark = fc.constantFrom(..."0123456789٣۵१①¹½$€£¥₹₩₽¢", "\u{1D7D9}", "５");
    const amountless = socksYes.filter((text) => !/[0-9]/.test(text));
    fc.assert(
      fc.property(amountless, mark, fc.nat(), (text, char, seed) => {
        const at = seed % (text.length + 1);
        const mutated = `${text.slice(0, at)}${char}${text.slice(at)}`;
        expect(confirms(text), text).toBe(true);
        expect(confirms(mutated), mutated).toBe(false);
      }),
      runs,
    );
  });

  it("never confirms a yes with any word outside the closed vocabulary", () => {
    const vocabulary = new Set(
      `${CONFIRM_CLAUSE.source} ${RESUME_CLAUSE.source}`.match(/[a-z']+/g) ?? [],
    );
    const stranger = fc
      .stringMatching(/^[a-z]{2,9}$/)
      .filter(
        (word) =>
          !vocabulary.has(word) &&
          !TYPO_TARGETS.some((target) => isEditDistanceAtMostOne(word, target)),
      );
    fc.assert(
      fc.property(withHazard(socksYes, stranger), ([yes, mutant]) => {
        expect(confirms(yes), yes).toBe(true);
        expect(confirms(mutant), mutant).toBe(false);
      }),
      runs,
    );
  });

  it("keeps confirming under harmless changes: case, surrounding space, a final ! or .", () => {
    const harmless = fc.constantFrom(
      (text: string) => text.toUpperCase(),
      (text: string) => text.toLowerCase(),
      (text: string) => `  \n${text}\t `,
      (text: string) => `${text.replace(/[.!\s]+$/, "")}!`,
      (text: string) => `${text.replace(/[.!\s]+$/, "")}!!!`,
      (text: string) => `${text.replace(/[.!\s]+$/, "")}.`,
      (text: string) => text.replace(/\b\w/g, (letter) => letter.toUpperCase()),
      (text: string) => [...text].join("\u200B"),
      (text: string) =>
        text.replace(/[a-z]/g, (letter) =>
          String.fromCodePoint((letter.codePointAt(0) ?? 0) - 0x61 + 0xff41),
        ),
    );
    fc.assert(
      fc.property(socksYes, harmless, (text, change) => {
        expect(confirms(change(text)), change(text)).toBe(true);
      }),
      runs,
    );
  });

  it("confirms only while a quote awaits confirmation", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ...PENDING_ACTION_STATUSES.filter((status) => status !== "awaiting_confirmation"),
        ),
        socksYes,
        (status, text) => {
          expect(classifyEntry({ text, status }).intent).not.toBe("confirm");
        },
      ),
      runs,
    );
  });

  it("never throws and only answers intents the status allows", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.constantFrom(...PENDING_ACTION_STATUSES),
        (text, status) => {
          const { intent } = classifyEntry({ text, status });
          expect(intent === "other" || allowedIntents(status).includes(intent)).toBe(true);
        },
      ),
      runs,
    );
  });
});
