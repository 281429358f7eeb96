/*
 * ISO 4217's active currency codes and their minor units (the digits after the decimal point),
 * kept as data rather than read from the runtime's Intl tables, so whether a pushed order's
 * currency is known, and how "48.00" turns into an integer, never depends on the ICU build.
 * Amounts in the orders API are integers in this minor unit (cents for USD, yen for JPY).
 */
const MINOR_UNITS_BY_EXPONENT: Readonly<Record<0 | 2 | 3 | 4, string>> = {
  0: "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF",
  2: [
    "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD",
    "CAD CDF CHF CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD",
    "GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD",
    "MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP",
    "PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS",
    "TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VES WST XCD YER ZAR ZMW ZWG",
  ].join(" "),
  3: "BHD IQD JOD KWD LYD OMR TND",
  4: "CLF UYW",
};

const MINOR_UNITS: ReadonlyMap<string, number> = new Map(
  Object.entries(MINOR_UNITS_BY_EXPONENT).flatMap(([exponent, codes]) =>
    codes.split(" ").map((code) => [code, Number(exponent)] as const),
  ),
);

/** The currency's minor-unit digits (2 for USD, 0 for JPY, 3 for KWD), or null for no ISO 4217 code. */
export function currencyMinorUnits(code: string): number | null {
  return MINOR_UNITS.get(code) ?? null;
}
