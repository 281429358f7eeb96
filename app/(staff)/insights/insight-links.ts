/** The dates of the period a page shows, both days included (UTC). */
export type PeriodDates = { fromDate: string; toDate: string };

/** The inbox filtered to the conversations behind one figure of one period. */
export function figureHref(key: string, period: PeriodDates): string {
  const params = new URLSearchParams({ insight: key, from: period.fromDate, to: period.toDate });
  return `/inbox?${params.toString()}`;
}
