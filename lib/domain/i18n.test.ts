import { describe, expect, it } from "vitest";
import { ALL_CATALOGS } from "./catalogs";
import { type Catalogs, catalogProblems, defineCatalogs, translator } from "./i18n";
import { formatMoneyIn, SUPPORTED_LANGUAGES } from "./languages";

function sameInEvery(message: string): Catalogs<"m"> {
  return defineCatalogs(
    { m: message },
    {
      es: { m: message },
      de: { m: message },
      fr: { m: message },
      pt: { m: message },
      it: { m: message },
      nl: { m: message },
      ja: { m: message },
    },
  );
}

describe("message catalogs", () => {
  it("every catalog has every key of English, with the same arguments, in every language", () => {
    expect(Object.keys(ALL_CATALOGS).length).toBeGreaterThan(0);
    const problems = Object.entries(ALL_CATALOGS).flatMap(([name, catalogs]) =>
      catalogProblems(name, catalogs),
    );
    expect(problems).toEqual([]);
  });

  it("catches a missing key, an extra key, a lost argument and a broken message", () => {
    const good = sameInEvery(
      "Your refund of {amount} for {count, plural, one {# item} other {# items}}",
    );
    const broken: Catalogs<string> = {
      ...good,
      es: { other: "x" },
      de: { m: "Ihre Erstattung über {betrag}" },
      fr: { m: "{count, plural, one {# article" },
    };
    const problems = catalogProblems("t", broken);
    expect(problems).toContain('t/es: missing "m"');
    expect(problems).toContain('t/es: extra "other"');
    expect(problems).toContain('t/de: "m" uses {betrag}, English uses {amount,count}');
    expect(problems.some((problem) => problem.startsWith('t/fr: "m" does not parse'))).toBe(true);
    expect(catalogProblems("t", good)).toEqual([]);
  });

  it("formats plurals and selects by the language's rules, with the values as given", () => {
    const catalogs = sameInEvery("{count, plural, one {# item} other {# items}} for {amount}");
    const amount = formatMoneyIn("es", 8010, "USD");
    expect(translator(catalogs, "es")("m", { count: 1, amount })).toBe(`1 item for ${amount}`);
    expect(translator(catalogs, "en")("m", { count: 2, amount: "$80.10" })).toBe(
      "2 items for $80.10",
    );
  });
});

describe("formatMoneyIn", () => {
  it("keeps English's house format and uses each locale's own elsewhere", () => {
    expect(formatMoneyIn("en", 8010, "USD")).toBe("$80.10");
    const spanish = formatMoneyIn("es", 8010, "USD").normalize("NFKC");
    expect(spanish).toBe("80,10 US$");
    expect(formatMoneyIn("de", 123456, "EUR").normalize("NFKC")).toBe("1.234,56 €");
    for (const language of SUPPORTED_LANGUAGES) {
      expect(formatMoneyIn(language, 1260, "USD")).toMatch(/12[.,]60/);
    }
  });
});
