// Server-rendered only, so a UTC date reads the same for everyone.
/** The date as YYYY-MM-DD, or a dash when there is none. */
export function utcDay(date: Date | null): string {
  return date ? date.toISOString().slice(0, 10) : "—";
}
