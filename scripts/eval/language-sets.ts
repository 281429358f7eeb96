import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isSupportedLanguage } from "@/lib/domain/languages";
import { languageSetSchema, scoreLanguageSet } from "./score-language-set";

/*
 * Scores sets written outside the code, one JSON file per language (`es.json`), and prints each
 * count and every failure; exits 1 on any false confirmation or any false money claim let
 * through, the two that must be zero. The sets the project was measured on:
 * tests/data/language-sets/.
 *
 *   npx tsx scripts/eval/language-sets.ts <folder>
 */

const folder = process.argv[2];
if (!folder) {
  console.error("usage: npx tsx scripts/eval/language-sets.ts <folder of <language>.json sets>");
  process.exit(2);
}
let failed = false;
for (const file of readdirSync(folder)
  .filter((name) => name.endsWith(".json"))
  .sort()) {
  const language = file.replace(/\.json$/u, "");
  if (!isSupportedLanguage(language)) continue;
  const set = languageSetSchema.parse(JSON.parse(readFileSync(join(folder, file), "utf8")));
  const score = scoreLanguageSet(language, set);
  console.log(
    `${language}: false money claims let through ${score.claimsLetThrough.length}/${set.false_money_claims.length}, ` +
      `harmless replies held ${score.harmlessHeld.length}/${set.harmless_replies.length}, ` +
      `false confirmations ${score.falseConfirmations.length}/${set.must_not_confirm.length}, ` +
      `clear yeses confirmed ${set.clear_yes.length - score.missedYeses.length}/${set.clear_yes.length}`,
  );
  for (const text of score.claimsLetThrough) console.log(`  LET THROUGH: ${text}`);
  for (const text of score.falseConfirmations) console.log(`  FALSE YES: ${text}`);
  for (const text of score.harmlessHeld) console.log(`  held (costs a rephrase): ${text}`);
  for (const text of score.missedYeses) console.log(`  missed yes (costs a tap): ${text}`);
  if (score.claimsLetThrough.length > 0 || score.falseConfirmations.length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
