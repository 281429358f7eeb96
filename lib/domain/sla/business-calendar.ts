import { TZDate } from "@date-fns/tz";
import { z } from "zod";

/*
 * A workspace's business calendar: its IANA time zone, its opening hours per weekday (a day may
 * have none) and its holidays as dates in that zone. Business time is what an SLA counts: time
 * inside those hours, outside holidays and outside excluded intervals (a paused clock).
 */

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "is not a time like 09:00");

export const openingHoursSchema = z
  .object({ opens: clockTime, closes: clockTime })
  .refine(({ opens, closes }) => minutesOfDay(closes) > minutesOfDay(opens), {
    message: "closes before it opens",
    path: ["closes"],
  });

export type OpeningHours = z.infer<typeof openingHoursSchema>;

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const isoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "is not a date");

export const businessCalendarSchema = z.object({
  timeZone: z.string().min(1).max(64).refine(isTimeZone, "is not a time zone"),
  /** Indexed by weekday as JavaScript counts them: 0 is Sunday, 6 is Saturday. */
  weeklyHours: z.array(openingHoursSchema.nullable()).length(7),
  holidays: z.array(isoDate).max(366),
});

export type BusinessCalendar = z.infer<typeof businessCalendarSchema>;

/** A span of time; an open end means "until further notice" (a pause not yet lifted). */
export type Interval = { start: Date; end: Date | null };

type Span = { start: number; end: number };

const MINUTE_MS = 60_000;
/** How far ahead a due time is looked for before it is called unreachable. */
const MAX_DAYS_AHEAD = 3 * 366;

function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function dateKey(year: number, monthIndex: number, day: number): string {
  return `${year}-${String(monthIndex + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The business hours of the zone's calendar day `offset` days after `from`'s, as instants. */
function dayWindow(
  calendar: BusinessCalendar,
  from: TZDate,
  offset: number,
): { noon: number; window: Span | null } {
  // Noon is never skipped or repeated by a DST change, so it names the day safely.
  const noon = new TZDate(
    from.getFullYear(),
    from.getMonth(),
    from.getDate() + offset,
    12,
    0,
    calendar.timeZone,
  );
  const hours = calendar.weeklyHours[noon.getDay()];
  const closed =
    !hours ||
    calendar.holidays.includes(dateKey(noon.getFullYear(), noon.getMonth(), noon.getDate()));
  if (closed) return { noon: noon.getTime(), window: null };
  const at = (time: string) => {
    const minutes = minutesOfDay(time);
    return new TZDate(
      noon.getFullYear(),
      noon.getMonth(),
      noon.getDate(),
      Math.floor(minutes / 60),
      minutes % 60,
      calendar.timeZone,
    ).getTime();
  };
  const window = { start: at(hours.opens), end: at(hours.closes) };
  return { noon: noon.getTime(), window: window.end > window.start ? window : null };
}

function normalise(excluded: readonly Interval[]): Span[] {
  const spans = excluded
    .map((interval) => ({
      start: interval.start.getTime(),
      end: interval.end ? interval.end.getTime() : Number.POSITIVE_INFINITY,
    }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

function subtract(window: Span, excluded: readonly Span[]): Span[] {
  const pieces: Span[] = [];
  let cursor = window.start;
  for (const span of excluded) {
    if (span.end <= cursor) continue;
    if (span.start >= window.end) break;
    if (span.start > cursor) pieces.push({ start: cursor, end: span.start });
    cursor = Math.max(cursor, span.end);
    if (cursor >= window.end) return pieces;
  }
  if (cursor < window.end) pieces.push({ start: cursor, end: window.end });
  return pieces;
}

/**
 * The counted stretches from `from` on, day by day in the zone, in order: at most
 * MAX_DAYS_AHEAD days, and none of a day that starts after `until`.
 */
function* countedSpans(
  calendar: BusinessCalendar,
  from: Date,
  excluded: readonly Interval[],
  until = Number.POSITIVE_INFINITY,
): Generator<Span> {
  const start = new TZDate(from.getTime(), calendar.timeZone);
  const spans = normalise(excluded);
  for (let offset = 0; offset <= MAX_DAYS_AHEAD; offset++) {
    const { noon, window } = dayWindow(calendar, start, offset);
    // A calendar day starts at most 14 hours before its noon, in every zone.
    if (noon - 14 * 60 * MINUTE_MS > until) return;
    if (!window || window.end <= from.getTime()) continue;
    const clipped = { start: Math.max(window.start, from.getTime()), end: window.end };
    yield* subtract(clipped, spans);
  }
}

/** Business milliseconds from `from` to `to`, leaving out the excluded intervals. */
export function businessMsBetween(
  calendar: BusinessCalendar,
  from: Date,
  to: Date,
  excluded: readonly Interval[] = [],
): number {
  let total = 0;
  for (const span of countedSpans(calendar, from, excluded, to.getTime())) {
    if (span.start >= to.getTime()) break;
    total += Math.min(span.end, to.getTime()) - span.start;
  }
  return total;
}

/**
 * The instant at which `ms` business milliseconds after `start` have passed, leaving out the
 * excluded intervals; null when they never pass (no business hours, or an excluded interval
 * with no end is reached first).
 */
export function instantAfterBusinessMs(
  calendar: BusinessCalendar,
  start: Date,
  ms: number,
  excluded: readonly Interval[] = [],
): Date | null {
  if (ms <= 0) return start;
  let remaining = ms;
  for (const span of countedSpans(calendar, start, excluded)) {
    const length = span.end - span.start;
    if (remaining <= length) return new Date(span.start + remaining);
    remaining -= length;
  }
  return null;
}

export function businessMinutesBetween(
  calendar: BusinessCalendar,
  from: Date,
  to: Date,
  excluded: readonly Interval[] = [],
): number {
  return businessMsBetween(calendar, from, to, excluded) / MINUTE_MS;
}

/** The due time: `minutes` business minutes after `start`. */
export function dueAfterBusinessMinutes(
  calendar: BusinessCalendar,
  start: Date,
  minutes: number,
  excluded: readonly Interval[] = [],
): Date | null {
  return instantAfterBusinessMs(calendar, start, minutes * MINUTE_MS, excluded);
}
