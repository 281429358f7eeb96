import type { Language } from "./languages";
import { formatBasisPoints } from "./money";

/*
 * Rates and lists for a customer's locale, by Intl's rules. English keeps the house forms its
 * texts have always used, so English output does not change.
 */

/** A rate for the customer's locale ("10 %" in German and French); English keeps "10%". */
export function formatPercentIn(language: Language, basisPoints: number): string {
  if (language === "en") return formatBasisPoints(basisPoints);
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(
    basisPoints / 10_000,
  );
}

/** Items joined the way the language lists them; English keeps its ", " (quote lines, refunds). */
export function listItemsIn(language: Language, items: readonly string[]): string {
  if (language === "en") return items.join(", ");
  return new Intl.ListFormat(language, { type: "conjunction" }).format(items);
}
