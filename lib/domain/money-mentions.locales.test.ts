import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoneyIn, SUPPORTED_LANGUAGES } from "./languages";
import { findMoneyMentions } from "./money-mentions";

const DOLLARS = ["USD", "CAD", "AUD"];

/** One amount read from the text: its cents and currency, or what was found instead. */
function readOne(text: string) {
  const mentions = findMoneyMentions(text);
  const [mention] = mentions;
  if (mentions.length !== 1 || mention?.kind !== "amount") return mentions;
  return { cents: mention.cents, currency: mention.currency };
}

describe("money as each supported language writes it", () => {
  it("reads back every amount formatMoneyIn writes, as written and as a customer's message is normalised", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUPPORTED_LANGUAGES),
        fc.constantFrom("USD", "EUR", "GBP", "CAD", "AUD"),
        fc.integer({ min: 0, max: 99_999_999_99 }),
        (language, currency, cents) => {
          const written = formatMoneyIn(language, cents, currency);
          const typed = written.normalize("NFKC").toLowerCase();
          for (const text of [written, typed, `ok, ${typed} está bien`]) {
            const read = readOne(text);
            expect(read, `${language} ${text}`).toMatchObject({ cents });
            const mentioned = (read as { currency: string }).currency;
            // English reads a lower-case code ("aud 12.60") as before: a bare amount.
            const englishBare = language === "en" && text !== written && mentioned === null;
            const sameCurrency =
              mentioned === currency ||
              (mentioned === "dollar" && DOLLARS.includes(currency)) ||
              englishBare;
            expect(sameCurrency, `${language} ${text}: ${mentioned}`).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each<[string, number, string]>([
    ["12,60 US$", 1260, "USD"],
    ["12,60 us$", 1260, "USD"],
    ["1.260,50 $", 126050, "dollar"],
    ["1 260,50 $US", 126050, "USD"],
    ["1\u202f260,50\u00a0€", 126050, "EUR"],
    ["1 234 567,89 £GB", 123456789, "GBP"],
    ["US$ 1.260,50", 126050, "USD"],
    ["€ 12,60", 1260, "EUR"],
    ["12,60 USD", 1260, "USD"],
    ["JP¥ 1.234.568", 123456800, "JPY"],
    ["￥1,260", 126000, "JPY"],
  ])("%s", (text, cents, currency) => {
    expect(readOne(text)).toEqual({ cents, currency });
  });

  it("reads the symbols French writes after an amount only there", () => {
    expect(findMoneyMentions("yes $US 12.60")).toEqual([
      { kind: "amount", cents: 1260, currency: null, text: "12.60", index: 8 },
    ]);
  });

  it("groups thousands with spaces only before a decimal comma", () => {
    expect(readOne("1 260.50 €")).not.toEqual({ cents: 126050, currency: "EUR" });
    expect(readOne("sizes 10 12,60 €")).toEqual({ cents: 1260, currency: "EUR" });
  });
});
