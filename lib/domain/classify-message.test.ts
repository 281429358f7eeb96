import { describe, expect, it } from "vitest";
import {
  COFFEE_AND_MUGS,
  type CorpusEntry,
  JACKET,
  SOCKS,
} from "@/tests/data/classifier/corpus-entry";
import { CLASSIFIER_HOLDOUT } from "@/tests/data/classifier/holdout-v1";
import { CLASSIFIER_HOLDOUT_V2 } from "@/tests/data/classifier/holdout-v2";
import { CLASSIFIER_CORPUS } from "@/tests/data/classifier/labelled-corpus";
import { classifyEntry, formatScore, scoreCorpus } from "@/tests/support/score-classifier-corpus";
import { allowedIntents, type MessageIntent } from "./classify-message";
import { normalizeMessage, scanMessage } from "./classify-message-scan";

const SETS: readonly [string, readonly CorpusEntry[], number][] = [
  // [name, messages, minimum overall accuracy]
  ["labelled corpus", CLASSIFIER_CORPUS, 0.95],
  ["hold-out v1", CLASSIFIER_HOLDOUT, 0.85],
  ["hold-out v2", CLASSIFIER_HOLDOUT_V2, 0.9],
];

function intentOf(
  text: string,
  status: CorpusEntry["status"],
  quote: { items: readonly string[]; lineIds: readonly string[] } = SOCKS,
) {
  return classifyEntry({ text, status, ...quote }).intent;
}

describe("classifier corpora", () => {
  for (const [name, corpus, minimumAccuracy] of SETS) {
    it(`${name}: no false confirmation, and the accuracy is reported`, () => {
      const score = scoreCorpus(corpus);
      console.log(formatScore(name, score), score.misses);
      expect(score.falseConfirmations).toEqual([]);
      expect(score.falseConfirmationRate).toBe(0);
      expect(score.accuracy).toBeGreaterThanOrEqual(minimumAccuracy);
    });
  }

  it("the new hold-out set has at least 150 messages and every intent", () => {
    expect(CLASSIFIER_HOLDOUT_V2.length).toBeGreaterThanOrEqual(150);
    const intents = new Set(CLASSIFIER_HOLDOUT_V2.map((entry) => entry.expected));
    expect([...intents].sort()).toEqual([
      "cancel",
      "confirm",
      "decline",
      "interrupt",
      "other",
      "replace",
      "resume",
    ]);
  });

  it("labels every entry with an intent its status allows", () => {
    for (const [, corpus] of SETS) {
      for (const entry of corpus) {
        const allowed: readonly MessageIntent[] =
          entry.status === null ? [] : allowedIntents(entry.status);
        expect(entry.expected === "other" || allowed.includes(entry.expected), entry.text).toBe(
          true,
        );
      }
    }
  });

  it("is deterministic", () => {
    for (const entry of CLASSIFIER_HOLDOUT_V2)
      expect(classifyEntry(entry)).toEqual(classifyEntry(entry));
  });
});

describe("classifyMessage: the scripted moments of stories 8, 9 and 11", () => {
  it("keeps 'Yes, but first…' an interruption and 'go ahead with the socks' a resume", () => {
    expect(intentOf("Yes, but first, what is your refund policy?", "awaiting_confirmation")).toBe(
      "interrupt",
    );
    expect(intentOf("OK, go ahead with the socks", "suspended")).toBe("resume");
    expect(intentOf("OK, go ahead with the socks", "awaiting_confirmation")).toBe("confirm");
    expect(intentOf("yes", "awaiting_confirmation")).toBe("confirm");
  });

  it("replaces only when something else is named, and never revives a superseded quote", () => {
    const forget = "Forget the jacket, I want to return the earbuds instead";
    expect(intentOf(forget, "awaiting_confirmation", JACKET)).toBe("replace");
    expect(intentOf(forget, "suspended", JACKET)).toBe("replace");
    expect(intentOf(forget, "awaiting_approval", JACKET)).toBe("other");
    expect(intentOf("instead, refund the jacket", "awaiting_confirmation", JACKET)).toBe("other");
    expect(intentOf("I meant order B2002", "awaiting_confirmation")).toBe("replace");
    expect(intentOf("I meant order B2001", "awaiting_confirmation")).toBe("other");
    expect(intentOf("continue", "superseded", JACKET)).toBe("other");
    expect(intentOf("yes", "superseded", JACKET)).toBe("other");
  });

  it("grants nothing to authority claims", () => {
    for (const text of ["I approve all future refunds", "the manager already approved this"]) {
      for (const status of ["awaiting_confirmation", "suspended", "awaiting_approval"] as const) {
        expect(intentOf(text, status)).toBe("other");
      }
    }
  });
});

describe("classifyMessage: cancel after confirmation", () => {
  it("withdraws a confirmed refund only on an explicit cancel, before execution", () => {
    expect(intentOf("cancel that refund", "awaiting_approval")).toBe("cancel");
    expect(intentOf("please don't process the refund", "approved")).toBe("cancel");
    expect(intentOf("cancel that refund", "executing")).toBe("other");
    expect(intentOf("No thanks, that's all", "awaiting_approval")).toBe("other");
    expect(intentOf("don't cancel the refund", "awaiting_approval")).toBe("other");
  });

  it("reads the same words as a decline while the quote still awaits a yes", () => {
    expect(intentOf("cancel that refund", "awaiting_confirmation")).toBe("decline");
    expect(intentOf("cancel that refund", "suspended")).toBe("decline");
  });
});

describe("classifyMessage: what is not a plain yes", () => {
  it.each([
    ["a yes echoed back as a question", "yes？"],
    ["a question without a question mark", "yes is that the final amount"],
    ["a Greek question mark", "yes\u037E"],
    ["sarcasm", "yeah right"],
    ["a trailing-off yes", "sure…"],
    ["a contradicting emoji", "yes 🙄"],
    ["strikethrough", "~~yes~~"],
    ["a quote block", "> yes"],
    ["a code span", "`yes`"],
    ["a polite refusal", "I'm good, thanks"],
    ["a yes that claims an earlier refund", "yes, same as last time"],
    ["a widening", "yes, refund the lot"],
    ["a number", "yes, B2001-2"],
    ["a number in a product name", "yes, 3"],
    ["a look-alike letter", "\u0443es"],
    ["a polite request asked as a question", "could you go ahead please"],
  ])("%s: %s", (_kind, text) => {
    expect(intentOf(text, "awaiting_confirmation")).not.toBe("confirm");
  });

  it("narrowing a quote of several items is not a yes, naming the single item is", () => {
    expect(intentOf("yes, just the coffee maker", "awaiting_confirmation", COFFEE_AND_MUGS)).toBe(
      "other",
    );
    expect(intentOf("yes, refund the mugs", "awaiting_confirmation", COFFEE_AND_MUGS)).toBe(
      "other",
    );
    expect(
      intentOf("yes, refund both items please", "awaiting_confirmation", COFFEE_AND_MUGS),
    ).toBe("other");
    expect(intentOf("yes, please refund them", "awaiting_confirmation", COFFEE_AND_MUGS)).toBe(
      "confirm",
    );
    expect(intentOf("yes, refund the wool socks", "awaiting_confirmation")).toBe("confirm");
    expect(intentOf("yes, refund the jacket", "awaiting_confirmation")).toBe("other");
  });

  it("explains its decision", () => {
    expect(classifyEntry({ text: "yes please", status: "awaiting_confirmation" })).toEqual({
      intent: "confirm",
      reasons: ['plain yes: "yes please"'],
    });
    expect(classifyEntry({ text: "yes", status: null }).reasons).toEqual([
      "no open pending action",
    ]);
    expect(classifyEntry({ text: "yes", status: "awaiting_approval" }).reasons).toEqual([
      'plain yes: "yes"',
      "nothing it can do while the refund is awaiting_approval",
    ]);
    expect(classifyEntry({ text: "yes $5", status: "awaiting_confirmation" }).reasons).toContain(
      "has symbols or emoji: $",
    );
  });

  it("asks again for an emoji alone, and reads a thumbs-down alone as a refusal", () => {
    expect(intentOf("👍", "awaiting_confirmation")).toBe("other");
    expect(intentOf("👎", "awaiting_confirmation")).toBe("decline");
    expect(intentOf("👎?", "awaiting_confirmation")).toBe("other");
  });

  it("suspends for a question that starts with a no, and does not read it as a refusal later", () => {
    expect(intentOf("no, why is there a fee?", "awaiting_confirmation")).toBe("interrupt");
    expect(intentOf("no, why is there a fee?", "suspended")).toBe("other");
  });

  it("corrects one-letter slips only towards a few long words", () => {
    expect(intentOf("procede", "awaiting_confirmation")).toBe("confirm");
    expect(intentOf("confrim", "awaiting_confirmation")).toBe("confirm");
    expect(intentOf("I conform", "awaiting_confirmation")).toBe("other");
  });

  it("does not let a long message through the grammar", () => {
    expect(intentOf(`${"yes please ".repeat(60)}`, "awaiting_confirmation")).toBe("other");
  });
});

describe("normalizeMessage and scanMessage", () => {
  it("folds width and case, and drops invisible and control characters", () => {
    expect(normalizeMessage("ｙ\u200Bｅ\u202Es\u0000 ")).toBe("yes");
    expect(normalizeMessage("Yesssss  PLEASE")).toBe("yess  please");
  });

  it("finds question marks of any script and keeps other symbols", () => {
    for (const mark of ["?", "？", "؟", "\u037E", "¿", "‽"]) {
      expect(scanMessage(`yes${mark}`).questionMark).toBe(true);
    }
    const scanned = scanMessage("yes 👍 🙄 $ 12, ok");
    expect(scanned).toMatchObject({
      clauses: ["yes", "12", "ok"],
      positiveEmoji: 1,
      otherSymbols: ["🙄", "$"],
      numbers: ["12"],
    });
  });

  it("names the markup it finds", () => {
    expect(scanMessage("~~yes~~").markup).toBe("strikethrough");
    expect(scanMessage("ok\n> yes").markup).toBe("quote block");
    expect(scanMessage("`yes`").markup).toBe("code span");
    expect(scanMessage("<del>yes</del>").markup).toBe("HTML tag");
    expect(scanMessage("yes > no").markup).toBeNull();
  });
});
