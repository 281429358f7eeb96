import { WIDGET_CATALOGS } from "@/lib/domain/catalogs/widget";
import { translator } from "@/lib/domain/i18n";
import { formatMoneyIn, type Language } from "@/lib/domain/languages";
import { formatBasisPoints } from "@/lib/domain/money";

/*
 * Amounts, rates and times as the widget shows them in a language. English keeps the house
 * formats ("$8.90", "10%") so it reads exactly as before.
 */

export function formatRateIn(language: Language, rateBasisPoints: number): string {
  const english = formatBasisPoints(rateBasisPoints);
  if (language === "en") return english;
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(
    rateBasisPoints / 10_000,
  );
}

/** A quote line's fee: "none" in the language, or the amount off and its rate. */
export function formatLineFeeIn(
  language: Language,
  line: { feeCents: number; feeRateBasisPoints: number },
  currency: string,
): string {
  if (line.feeCents === 0) return translator(WIDGET_CATALOGS, language)("no_fee");
  return `−${formatMoneyIn(language, line.feeCents, currency)} (${formatRateIn(language, line.feeRateBasisPoints)})`;
}
