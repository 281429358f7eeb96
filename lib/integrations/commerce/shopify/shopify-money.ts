/*
 * Shopify writes money as a decimal string in the currency's major unit ("48.0", "1980.0" for
 * yen); Countersign counts integer minor units. The conversion is done on the digits, never
 * through a float, with the currency's minor units from ISO 4217 as Intl knows them (2 for USD,
 * 0 for JPY, 3 for KWD).
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** How many minor units digits the currency has (ISO 4217), e.g. 2 for USD, 0 for JPY. */
export function minorUnitDigits(currency: string): number {
  const format = new Intl.NumberFormat("en", { style: "currency", currency });
  return format.resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * "48.00" USD → 4800; "1980.0" JPY → 1980. Throws on anything that is not a plain decimal or has
 * more precision than the currency's minor unit (a fraction of a cent is not money Countersign can
 * refund).
 */
export function minorUnitsOf(amount: string, currency: string): number {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new Error(`"${amount}" is not a decimal amount`);
  const [, sign, whole = "0", fraction = ""] = match;
  const digits = minorUnitDigits(currency);
  const kept = fraction.slice(0, digits).padEnd(digits, "0");
  if (/[^0]/.test(fraction.slice(digits))) {
    throw new Error(`${amount} ${currency} is more precise than the currency's minor unit`);
  }
  const units = Number(`${whole}${kept}`);
  if (!Number.isSafeInteger(units)) throw new Error(`${amount} ${currency} is too large`);
  return sign === "-" && units !== 0 ? -units : units;
}

/** 4800 USD → "48.00"; 1980 JPY → "1980": the decimal string Shopify's Money inputs take. */
export function decimalOf(minorUnits: number, currency: string): string {
  if (!Number.isSafeInteger(minorUnits)) throw new Error(`${minorUnits} is not a whole amount`);
  const digits = minorUnitDigits(currency);
  const sign = minorUnits < 0 ? "-" : "";
  const text = String(Math.abs(minorUnits)).padStart(digits + 1, "0");
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
