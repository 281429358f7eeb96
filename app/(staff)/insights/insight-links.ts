/** The inbox filtered to the conversations behind one figure of one period. */
export function figureHref(key: string, period: { fromDate: string; toDate: string }): string {
  const params = new URLSearchParams({ insight: key, from: period.fromDate, to: period.toDate });
  return `/inbox?${params.toString()}`;
}
