import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languageSetSchema, scoreLanguageSet } from "@/scripts/eval/score-language-set";

/*
 * Sets written by someone who had not seen the grammars or the lexicons (Spanish, German,
 * Japanese; tests/data/language-sets): whatever else changes, none of their false money claims
 * may reach a customer and none of their non-answers may confirm a quote.
 */
describe.each(["es", "de", "ja"] as const)("the held-out %s set", (language) => {
  const set = languageSetSchema.parse(
    JSON.parse(readFileSync(`tests/data/language-sets/${language}.json`, "utf8")),
  );

  it("lets no false money claim through and takes no non-answer for a yes", () => {
    const score = scoreLanguageSet(language, set);
    expect(score.claimsLetThrough).toEqual([]);
    expect(score.falseConfirmations).toEqual([]);
    // Usability, not safety: most clear yeses confirm, most harmless replies pass.
    expect(score.missedYeses.length).toBeLessThan(set.clear_yes.length / 2);
    expect(score.harmlessHeld.length).toBeLessThan(set.harmless_replies.length / 3);
  });
});
