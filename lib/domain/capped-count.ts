/*
 * Counts that stop at a cap. The inbox's status tabs say how many conversations are in each
 * status (under a search, how many match): exact up to INBOX_COUNT_CAP, "1,000+" past it. What
 * a person does with a tab (open it, see whether it is empty, small or large) needs no more, and
 * counting past the cap would make a broad search read every match in the table.
 */

export const INBOX_COUNT_CAP = 1000;

/** `count` conversations, or more than `count` when `capped` (counting stopped there). */
export type CappedCount = { count: number; capped: boolean };

/** From a count of at most `cap + 1` rows (a LIMIT of cap + 1): one more than the cap means more. */
export function cappedCount(counted: number, cap: number = INBOX_COUNT_CAP): CappedCount {
  if (!Number.isInteger(counted) || counted < 0) {
    throw new RangeError(`a count is a whole number ≥ 0, got ${counted}`);
  }
  return counted > cap ? { count: cap, capped: true } : { count: counted, capped: false };
}

/** The sum of counts, as far as it is known: more than the sum when any of them was capped. */
export function addCappedCounts(counts: readonly CappedCount[]): CappedCount {
  return {
    count: counts.reduce((sum, part) => sum + part.count, 0),
    capped: counts.some((part) => part.capped),
  };
}

/** What the label shows ("1,000+") and what a screen reader says ("more than 1,000"). */
export function describeCappedCount(
  value: CappedCount,
  formatNumber: (n: number) => string,
): { text: string; spoken: string } {
  const number = formatNumber(value.count);
  return value.capped
    ? { text: `${number}+`, spoken: `more than ${number}` }
    : { text: number, spoken: number };
}
