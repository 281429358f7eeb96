import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkMessageReadability } from "./message-readability";

const readable = [
  "I'm sorry your coffee maker arrived cracked. I've looked up order B2001: a refund of $31.50 for the coffee maker. Shall I go ahead?",
  "Thank you for your message. I've prepared a refund for order B2001, and it is now waiting for approval by our team.",
  "I'm sorry, I can't offer a refund for this request under our refund policy: the order was delivered more than 30 days ago (section 2.1).",
  "Could you tell me your order number?",
  "Thanks!",
  "Nothing has been refunded yet. I'll email you as soon as it's decided.",
  "I've opened a billing review for the charges CH-88301 and CH-88302. Our team will look at them and reply by email.",
  "Please write to us from the email address you ordered with, so I can find your orders.",
  "**Refund for order B2001**\n\n- Wool socks: $12.00\n- Return shipping: free\n\nDoes that look right?",
];

// Answers a real llama.cpp server gave with a tiny model (tests/fixtures/wire/llamacpp-*).
const recordedNonsense = [
  'k calcul ALativa called Species feminPersonсылкиcio had"} FranklinIZ spr Référence myself venCal accurate Pakistan nearestBe FolatileDelegateászഞdepthenciesány Anal',
  'A"}xty",станokratIIхра prez lanç Seg daily Ref',
  'usto"}jaxografie"}ochastickcЖEF bras getsmaybe mètres⁶ образ$_solute suppose innerhalblanguageRA namespace Hero Accept',
  "Московсейшоemento飛 trickyrichtungこ Natural",
  "hotblog",
  "seats",
  'k sahPageofficeStackíp governo mole":',
];

const codes = (text: string, context = {}) => {
  const result = checkMessageReadability(text, context);
  return result.ok ? [] : result.problems.map((problem) => problem.code);
};

describe("the readability check", () => {
  it.each(readable)("lets an ordinary reply through: %s", (text) => {
    expect(codes(text)).toEqual([]);
  });

  it.each(recordedNonsense)("refuses what a weak model wrote: %s", (text) => {
    expect(codes(text).length).toBeGreaterThan(0);
  });

  it("names a foreign script, a stutter and a repeat of the previous message", () => {
    expect(codes("Ваш возврат одобрен, спасибо за терпение.")).toContain("wrong_script");
    expect(codes("Your refund refund refund is ready for you to confirm.")).toContain("repetitive");
    const previous = "Could you tell me your order number?\n\n— Countersign Support";
    expect(
      codes("Could you tell me your order number?", { previousAgentMessage: previous }),
    ).toEqual(["repeats_previous"]);
    expect(codes("$31.50 B2001 #4")).toEqual(["no_words"]);
  });

  it("does not pass a language it cannot check", () => {
    expect(codes("Спасибо за ваше сообщение.", { language: "ru" })).toEqual([
      "unsupported_language",
    ]);
  });

  it("refuses word-shaped text that has none of the language's common words", () => {
    expect(codes("namespace Hero Accept suppose Pakistan governo mole calcul Species")).toContain(
      "not_words",
    );
  });

  it("refuses any string of random letters from other scripts or glued pieces", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[\u0400-\u04ff\u3040-\u30ff\u4e00-\u4fff]{1,8}$/), {
          minLength: 1,
          maxLength: 20,
        }),
        (words) => {
          expect(checkMessageReadability(words.join(" ")).ok).toBe(false);
        },
      ),
    );
  });

  it("refuses junk spliced into a real reply once it is more than a trace", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...readable.filter((text) => text.length > 60)),
        fc.array(fc.constantFrom("ഞ", "сылки", "飛", "こ", "Ж", "образ"), {
          minLength: 6,
          maxLength: 12,
        }),
        (text, junk) => {
          expect(checkMessageReadability(`${text} ${junk.join("")}`).ok).toBe(false);
        },
      ),
    );
  });

  it("always refuses a message the same as the previous one, whatever its wording", () => {
    fc.assert(
      fc.property(fc.constantFrom(...readable), (text) => {
        expect(codes(text, { previousAgentMessage: text })).toContain("repeats_previous");
      }),
    );
  });
});
