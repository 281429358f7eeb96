const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * MINUTE_MS);
}

/**
 * Whole 24-hour periods from `from` to `to`. Elapsed time rather than calendar dates keeps the
 * count independent of time zones: "delivered 30 days ago" is day 30 wherever the customer is.
 * A `from` in the future (clock skew between systems) counts as day 0.
 */
export function wholeDaysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));
}
