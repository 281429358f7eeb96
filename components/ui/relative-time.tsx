const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Compact age for dense lists: "just now", "12m", "5h", "3d". */
export function formatAge(from: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - from.getTime());
  if (elapsed < MINUTE_MS) return "just now";
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h`;
  return `${Math.floor(elapsed / DAY_MS)}d`;
}

// One zone for server and browser renders, so hydration sees the same title.
const fullDate = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** The age, with the exact time for machines (`dateTime`) and on hover (`title`). */
export function RelativeTime({ date, now }: { date: Date; now: Date }) {
  const age = formatAge(date, now);
  return (
    <time dateTime={date.toISOString()} title={fullDate.format(date)}>
      {age}
      {age === "just now" ? null : <span className="sr-only"> ago</span>}
    </time>
  );
}
