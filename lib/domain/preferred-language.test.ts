import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "./languages";
import { acceptLanguageTags, preferredLanguage } from "./preferred-language";

describe("preferredLanguage", () => {
  it("takes the first supported language by its primary subtag", () => {
    expect(preferredLanguage(["es-ES", "en"])).toBe("es");
    expect(preferredLanguage(["pt-BR"])).toBe("pt");
    expect(preferredLanguage(["de_AT"])).toBe("de");
    expect(preferredLanguage(["JA-jp"])).toBe("ja");
    expect(preferredLanguage(["en-GB", "fr"])).toBe("en");
  });

  it("skips languages it does not speak and anything that is not a language tag", () => {
    expect(preferredLanguage(["pl-PL", "nl-BE"])).toBe("nl");
    expect(preferredLanguage(["*", "x", "español", "1t-IT", "it-IT"])).toBe("it");
    expect(preferredLanguage(["zh-Hant-TW", "sv"])).toBe("en");
    expect(preferredLanguage([])).toBe("en");
  });

  it("answers a supported language for any list, and the list's own when it leads", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string()),
        fc.constantFrom(...SUPPORTED_LANGUAGES),
        fc.string({ unit: fc.constantFrom("a", "B", "-", "1") }),
        (noise, language, region) => {
          expect(SUPPORTED_LANGUAGES).toContain(preferredLanguage(noise));
          expect(preferredLanguage([`${language}-${region}`, ...noise])).toBe(language);
        },
      ),
    );
  });
});

describe("acceptLanguageTags", () => {
  it("orders tags by weight, keeping the header's order among equals", () => {
    expect(acceptLanguageTags("es-ES,es;q=0.9,en;q=0.8")).toEqual(["es-ES", "es", "en"]);
    expect(acceptLanguageTags("en;q=0.5, de-CH, fr;q=0.5")).toEqual(["de-CH", "en", "fr"]);
  });

  it("drops tags weighted 0 and the wildcard, and reads a missing header as none", () => {
    expect(acceptLanguageTags("es;q=0, *;q=0.1, nl")).toEqual(["nl"]);
    expect(acceptLanguageTags(null)).toEqual([]);
    expect(acceptLanguageTags("")).toEqual([]);
  });

  it("feeds preferredLanguage what the browser wants most", () => {
    expect(preferredLanguage(acceptLanguageTags("pl,ja;q=0.9,en;q=0.8"))).toBe("ja");
    expect(preferredLanguage(acceptLanguageTags("en-US,en;q=0.9,es;q=0.8"))).toBe("en");
  });
});
