/**
 * The nearest-rank percentile: the smallest value with at least p% of the values at or below it.
 * It is always one of the values (a real wait someone had), never an interpolation between two.
 * `p` is in (0, 100]; an empty list has no percentile.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[rank - 1] ?? null;
}

export type DurationSummary = { count: number; p50Ms: number | null; p90Ms: number | null };

export function summarizeDurations(durationsMs: readonly number[]): DurationSummary {
  return {
    count: durationsMs.length,
    p50Ms: percentile(durationsMs, 50),
    p90Ms: percentile(durationsMs, 90),
  };
}

/** "45 s", "12 min", "3.5 h", "2.1 d": the unit a support lead reads at a glance. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return "–";
  const seconds = ms / 1000;
  if (seconds < 90) return `${Math.round(seconds)} s`;
  const minutes = seconds / 60;
  if (minutes < 90) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 36) return `${(Math.round(hours * 10) / 10).toString()} h`;
  return `${(Math.round((hours / 24) * 10) / 10).toString()} d`;
}
