const CHARGE_ID_PATTERN = /\bch[-_ ]?(\d{3,})\b/gi;
/**
 * A reference of another form, named right after a billing word: "payment PAY-4471",
 * "transaction #88123", "charge ref: 55012". It needs three digits in a row and must not run on
 * into a decimal ("payment 129.00" is an amount).
 */
const OTHER_REFERENCE_PATTERN =
  /\b(?:charge|payment|transaction|reference|ref)(?:\s+(?:id|reference|ref|number|no\.?))?\s*[:#]?\s*#?((?:[a-z]{1,6}[-_]?)?\d{3,}(?:[-_][a-z0-9]+)*)\b(?![.,]\d)/gi;
/** An order number ("B2001"), which a billing word may precede without naming a charge. */
const ORDER_NUMBER = /^[a-z]-?\d{4,}$/i;

/** "ch_88302", "CH 88302" and "CH-88302" all name the same charge: "CH-88302". */
export function normalizeChargeId(raw: string): string | null {
  const match = /^\s*ch[-_ ]?(\d+)\s*$/i.exec(raw);
  return match === null ? null : `CH-${match[1]}`;
}

/**
 * Every charge reference mentioned in the text, in order of first mention: CH- ids normalised,
 * and references of any other form a billing word introduces, as typed (the ledger check then
 * refuses them as not ours, so the customer is told so instead of being answered at random).
 */
export function inferDisputeChargeIds(text: string): string[] {
  const ids = [...text.matchAll(CHARGE_ID_PATTERN)].map((match) => ({
    at: match.index,
    id: `CH-${match[1]}`,
  }));
  const others = [...text.matchAll(OTHER_REFERENCE_PATTERN)].flatMap((match) => {
    const raw = match[1] ?? "";
    if (ORDER_NUMBER.test(raw) || normalizeChargeId(raw) !== null) return [];
    return [{ at: match.index + match[0].length - raw.length, id: raw }];
  });
  return [...new Set([...ids, ...others].sort((a, b) => a.at - b.at).map(({ id }) => id))];
}
