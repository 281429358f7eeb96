import type { Cents } from "./money";

/*
 * What a person types for an amount ("25", "25.5", "$1,250.00") as whole cents, or null when it
 * is not one: negative, more than two decimals, or not a number. Digits only, never a float
 * parse, so "0.29" is 29 cents and not 28.999….
 */
const MONEY_INPUT = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

export function parseMoneyInput(text: string): Cents | null {
  const match = MONEY_INPUT.exec(text.trim());
  if (!match) return null;
  const whole = Number((match[1] ?? "").replaceAll(",", ""));
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}
