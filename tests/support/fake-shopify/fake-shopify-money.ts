/*
 * The fake keeps money as integer minor units and writes it the way Shopify's Decimal scalar
 * does: at least one decimal place, no trailing zeros beyond it ("48.0", "59.99", "1980.0" yen).
 * Written apart from the adapter's parser, so the adapter is tested against Shopify's form.
 */

function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

export function shopifyDecimal(units: number, currency: string): string {
  const digits = minorDigits(currency);
  const whole = Math.trunc(Math.abs(units) / 10 ** digits);
  const fraction = String(Math.abs(units) % 10 ** digits)
    .padStart(digits, "0")
    .replace(/0+$/, "");
  return `${units < 0 ? "-" : ""}${whole}.${fraction || "0"}`;
}

/** A Money input ("48.00", "48") in minor units; NaN when it is not a decimal. */
export function unitsOfInput(amount: unknown, currency: string): number {
  if (typeof amount !== "string" && typeof amount !== "number") return Number.NaN;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(amount).trim());
  if (!match) return Number.NaN;
  const digits = minorDigits(currency);
  const fraction = (match[2] ?? "").padEnd(digits, "0");
  if (/[^0]/.test(fraction.slice(digits))) return Number.NaN;
  return Number(`${match[1]}${fraction.slice(0, digits)}`);
}
