const CHARGE_ID_PATTERN = /\bch[-_ ]?(\d{3,})\b/gi;

/** "ch_88302", "CH 88302" and "CH-88302" all name the same charge: "CH-88302". */
export function normalizeChargeId(raw: string): string | null {
  const match = /^\s*ch[-_ ]?(\d+)\s*$/i.exec(raw);
  return match === null ? null : `CH-${match[1]}`;
}

/** Every charge id mentioned in the text, normalised, in order of first mention. */
export function inferDisputeChargeIds(text: string): string[] {
  const ids = [...text.matchAll(CHARGE_ID_PATTERN)].map((match) => `CH-${match[1]}`);
  return [...new Set(ids)];
}
