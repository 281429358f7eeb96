import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JACKET_AND_SOCKS, SOCKS } from "@/tests/data/classifier/corpus-entry";
import { classifyEntry } from "@/tests/support/score-classifier-corpus";
import type { PendingActionStatus } from "./pending-action-status";

type Quote = { items: readonly string[]; lineIds: readonly string[]; netRefundCents: number };

function intentOf(
  text: string,
  quote: Quote = SOCKS,
  status: PendingActionStatus = "awaiting_confirmation",
) {
  return classifyEntry({ text, status, ...quote }).intent;
}

describe("natural declines of an open quote", () => {
  it.each([
    "hmm no, I'll keep them",
    "nah, never mind",
    "actually I'll keep it",
    "no thanks, I changed my mind",
    "forget it",
    "nah I'll just keep them",
    "on second thought I'll keep them",
    "I'm going to keep them",
    "I've decided to keep them after all",
    "well, I'd rather hold on to them",
    "ok, never mind then",
    "no, not happy with that",
    "hmm, no. They're fine, thanks",
    "No, I don't want to go ahead with that.",
    "No thanks, I'll keep the item. That's all.",
  ])("%s declines, on one item or several", (text) => {
    expect(intentOf(text)).toBe("decline");
    expect(intentOf(text, JACKET_AND_SOCKS)).toBe("decline");
    expect(intentOf(text, SOCKS, "suspended")).toBe("decline");
  });

  it.each([
    "no, refund the socks instead",
    "no, refund the socks",
    "I won't keep them, they're broken",
    "I can't keep them",
    "no, I'm not keeping them",
    "no problem, go ahead",
    "should I keep them?",
    "maybe I'll keep them",
    "I think I'll keep them",
    "I'll keep them if the refund takes long",
    "I'll keep them for now",
    "no, I'll keep them. Refund the jacket",
    "no, I want the earbuds refunded",
    "oh no",
    "hold on to it",
    "👍",
    "no 👍",
  ])("%s is no decline", (text) => {
    expect(intentOf(text, JACKET_AND_SOCKS)).not.toBe("decline");
    expect(intentOf(text, JACKET_AND_SOCKS)).not.toBe("confirm");
  });

  it("keeping only some of a quote's items narrows it: no plain decline", () => {
    expect(intentOf("I'll keep the socks", JACKET_AND_SOCKS)).toBe("other");
    expect(intentOf("I'll keep the socks", SOCKS)).toBe("decline");
    expect(intentOf("I'll keep the rain jacket and the socks", JACKET_AND_SOCKS)).toBe("decline");
  });
});

describe("decline grammar cost", () => {
  // Two readings of the same words ("no no", "thanks anyway") made a run of them exponential.
  it.each([
    "no ",
    "no thanks ",
    "nah ",
    "hmm ",
    "thanks ",
    "then ",
    "actually ",
    "i'll keep them ",
  ])("reads a 2,000-character run of %j quickly", (word) => {
    const run = word.repeat(Math.floor(1_990 / word.length));
    const started = performance.now();
    for (const text of [`${run}x`, `no, ${run}x`, run]) intentOf(text);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

const opener = fc.constantFrom(
  "",
  "hmm, ",
  "hmm ",
  "well ",
  "actually ",
  "actually, ",
  "on second thought, ",
  "sorry, ",
  "ok, ",
  "thanks, ",
  "um, ",
);
const core = fc.constantFrom(
  "no",
  "nah",
  "nope",
  "no thanks",
  "no thank you",
  "never mind",
  "forget it",
  "I changed my mind",
  "I'll keep them",
  "I'll keep it",
  "I'd rather keep them",
  "I'm going to keep them",
  "I've decided to keep it",
  "keeping them",
  "I'll just hold on to them",
  "let me keep them",
  "no I'll keep both",
  "I'll pass",
  "don't bother",
  "I don't want the refund",
);
const second = fc.constantFrom("", ", I'll keep them", ". Never mind", ", forget it", " - nah");
const tail = fc.constantFrom("", " then", " after all", ", thanks", ". Thank you", "!");
const remark = fc.constantFrom(
  "",
  ", they're fine",
  ". That fee is too much",
  ". Too expensive",
  ". They fit after all",
);
/** Declines assembled from the grammar's parts, in the shapes customers write them. */
const decline = fc
  .tuple(opener, core, second, tail, remark)
  .map((parts) => parts.join(""))
  .map((text) => text.charAt(0).toUpperCase() + text.slice(1));

const request = fc.constantFrom(
  " but refund the socks",
  ", but refund the jacket",
  ", refund the socks instead",
  ". Please refund the earbuds",
  ". Send me a replacement",
  ", I want store credit",
  ". Can you refund the jacket",
  " and refund the jacket",
  ". Just refund the socks",
  ". I'd like the jacket refunded",
  ", swap them for a bigger size",
);
const yes = fc.constantFrom(
  ", go ahead",
  ". Yes",
  ", ok do it",
  ". Please proceed",
  ", I confirm",
  ". Sounds good",
);
const quote = fc.constantFrom<Quote>(SOCKS, JACKET_AND_SOCKS);
const status = fc.constantFrom<PendingActionStatus>("awaiting_confirmation", "suspended");

describe("decline properties", () => {
  const runs = { numRuns: 500 };

  it("every decline the grammar builds declines, and none is ever a yes", () => {
    fc.assert(
      fc.property(decline, quote, status, (text, on, state) => {
        expect(intentOf(text, on, state), text).toBe("decline");
      }),
      runs,
    );
  });

  it("a decline that also asks for something else is no plain decline, and no yes", () => {
    fc.assert(
      fc.property(decline, request, quote, (text, asks, on) => {
        const intent = intentOf(`${text}${asks}`, on);
        expect(intent, `${text}${asks}`).not.toBe("decline");
        expect(intent, `${text}${asks}`).not.toBe("confirm");
      }),
      runs,
    );
  });

  it("a decline with a yes in it is neither a yes nor a decline", () => {
    fc.assert(
      fc.property(decline, yes, fc.boolean(), quote, (text, said, before, on) => {
        const mixed = before ? `${said.replace(/^[,.] /, "")}, ${text}` : `${text}${said}`;
        expect(["other", "interrupt"]).toContain(intentOf(mixed, on));
      }),
      runs,
    );
  });

  it("keeping that is negated, hedged or made conditional never declines", () => {
    const subject = fc.constantFrom(
      "I won't",
      "I can't",
      "I don't want to",
      "I shouldn't",
      "I'd rather not",
      "maybe I'll",
      "I'll probably",
      "I think I'll",
      "perhaps I'll",
      "I might",
    );
    const condition = fc.constantFrom("", " if they fit", " unless it's quick", " for now");
    fc.assert(
      fc.property(subject, condition, quote, (who, unless, on) => {
        const text = `${who} keep them${unless}`;
        expect(intentOf(text, on), text).not.toBe("decline");
        expect(intentOf(text, on), text).not.toBe("confirm");
      }),
      runs,
    );
  });
});
