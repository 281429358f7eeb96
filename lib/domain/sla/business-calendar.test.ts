import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BusinessCalendar,
  businessCalendarSchema,
  businessMinutesBetween,
  dueAfterBusinessMinutes,
  type Interval,
} from "./business-calendar";

const NINE_TO_FIVE = { opens: "09:00", closes: "17:00" };

function weekdays(zone: string, holidays: string[] = []): BusinessCalendar {
  return {
    timeZone: zone,
    weeklyHours: [null, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, null],
    holidays,
  };
}

const UTC = weekdays("UTC");
const BERLIN = weekdays("Europe/Berlin", ["2026-12-25"]);
const NEW_YORK = weekdays("America/New_York");
const SPLIT_SHIFTS: BusinessCalendar = {
  timeZone: "Asia/Kolkata",
  weeklyHours: [
    { opens: "10:00", closes: "12:30" },
    { opens: "00:00", closes: "24:00" },
    null,
    { opens: "08:15", closes: "08:45" },
    null,
    { opens: "13:00", closes: "23:59" },
    null,
  ],
  holidays: ["2026-03-09"],
};
const CALENDARS = [UTC, BERLIN, NEW_YORK, SPLIT_SHIFTS];

const at = (iso: string) => new Date(iso);

describe("business time in a calendar", () => {
  it("counts only opening hours: Friday 16:00 to Monday 10:00 is two hours", () => {
    // 2026-12-04 is a Friday.
    expect(businessMinutesBetween(UTC, at("2026-12-04T16:00Z"), at("2026-12-07T10:00Z"))).toBe(120);
  });

  it("counts nothing before opening, after closing, at weekends or on holidays", () => {
    expect(businessMinutesBetween(UTC, at("2026-12-04T17:00Z"), at("2026-12-07T09:00Z"))).toBe(0);
    expect(businessMinutesBetween(UTC, at("2026-12-07T06:00Z"), at("2026-12-07T08:59Z"))).toBe(0);
    // Christmas in Berlin is a holiday (a Friday): 09:00–17:00 there counts nothing.
    expect(businessMinutesBetween(BERLIN, at("2026-12-25T07:00Z"), at("2026-12-25T17:00Z"))).toBe(
      0,
    );
    expect(businessMinutesBetween(BERLIN, at("2026-12-24T07:00Z"), at("2026-12-24T17:00Z"))).toBe(
      480,
    );
  });

  it("leaves out excluded intervals, and an open one to the end", () => {
    const pause: Interval = { start: at("2026-12-07T10:00Z"), end: at("2026-12-07T11:30Z") };
    expect(
      businessMinutesBetween(UTC, at("2026-12-07T09:00Z"), at("2026-12-07T17:00Z"), [pause]),
    ).toBe(390);
    expect(dueAfterBusinessMinutes(UTC, at("2026-12-07T09:00Z"), 90, [pause])?.toISOString()).toBe(
      "2026-12-07T12:00:00.000Z",
    );
    expect(
      dueAfterBusinessMinutes(UTC, at("2026-12-07T09:00Z"), 90, [
        { start: at("2026-12-07T10:00Z"), end: null },
      ]),
    ).toBeNull();
  });

  it("finds the due time on the next business day", () => {
    expect(dueAfterBusinessMinutes(UTC, at("2026-12-04T16:50Z"), 15)?.toISOString()).toBe(
      "2026-12-07T09:05:00.000Z",
    );
    expect(dueAfterBusinessMinutes(UTC, at("2026-12-05T12:00Z"), 15)?.toISOString()).toBe(
      "2026-12-07T09:15:00.000Z",
    );
  });

  it("has no due time in a calendar without hours", () => {
    const closed: BusinessCalendar = { ...UTC, weeklyHours: Array(7).fill(null) };
    expect(dueAfterBusinessMinutes(closed, at("2026-12-07T09:00Z"), 1)).toBeNull();
    expect(businessMinutesBetween(closed, at("2026-12-07T09:00Z"), at("2027-12-07T09:00Z"))).toBe(
      0,
    );
  });

  describe("across DST changes", () => {
    it("Berlin: 09:00–17:00 local is 08:00–16:00 UTC in winter and 07:00–15:00 in summer", () => {
      // Sunday 2026-03-29 clocks go forward; Friday 27th is winter time, Monday 30th summer.
      expect(businessMinutesBetween(BERLIN, at("2026-03-27T15:00Z"), at("2026-03-30T08:00Z"))).toBe(
        60 + 60,
      );
      expect(dueAfterBusinessMinutes(BERLIN, at("2026-03-27T15:30Z"), 60)?.toISOString()).toBe(
        "2026-03-30T07:30:00.000Z",
      );
      // Sunday 2026-10-25 clocks go back.
      expect(dueAfterBusinessMinutes(BERLIN, at("2026-10-23T14:30Z"), 60)?.toISOString()).toBe(
        "2026-10-26T08:30:00.000Z",
      );
    });

    it("New York: a 24-hour day on the change of clocks counts its real 23 or 25 hours", () => {
      const allDay: BusinessCalendar = {
        timeZone: "America/New_York",
        weeklyHours: Array(7).fill({ opens: "00:00", closes: "24:00" }),
        holidays: [],
      };
      // 2026-03-08 (spring forward) has 23 hours, 2026-11-01 (fall back) 25.
      expect(businessMinutesBetween(allDay, at("2026-03-08T05:00Z"), at("2026-03-09T04:00Z"))).toBe(
        23 * 60,
      );
      expect(businessMinutesBetween(allDay, at("2026-11-01T04:00Z"), at("2026-11-02T05:00Z"))).toBe(
        25 * 60,
      );
      expect(
        businessMinutesBetween(NEW_YORK, at("2026-03-06T21:00Z"), at("2026-03-09T14:00Z")),
      ).toBe(60 + 60);
    });
  });

  it("rejects a calendar with an unknown zone or hours that close before they open", () => {
    expect(businessCalendarSchema.safeParse({ ...UTC, timeZone: "Mars/Olympus" }).success).toBe(
      false,
    );
    const backwards = [...UTC.weeklyHours];
    backwards[1] = { opens: "17:00", closes: "09:00" };
    expect(businessCalendarSchema.safeParse({ ...UTC, weeklyHours: backwards }).success).toBe(
      false,
    );
    expect(businessCalendarSchema.safeParse(SPLIT_SHIFTS).success).toBe(true);
  });
});

const instant = fc
  .integer({ min: Date.parse("2025-01-01T00:00Z"), max: Date.parse("2028-01-01T00:00Z") })
  .map((ms) => new Date(Math.floor(ms / 1000) * 1000));
const calendar = fc.constantFrom(...CALENDARS);
const pauses = fc.array(
  fc.tuple(instant, fc.integer({ min: 0, max: 5 * 24 * 60 })).map(
    ([start, minutes]): Interval => ({
      start,
      end: new Date(start.getTime() + minutes * 60_000),
    }),
  ),
  { maxLength: 3 },
);

describe("business time, for any calendar and instants", () => {
  it("due(start, n) is reached after exactly n business minutes", () => {
    fc.assert(
      fc.property(calendar, instant, fc.integer({ min: 0, max: 20_000 }), pauses, (c, s, n, p) => {
        const due = dueAfterBusinessMinutes(c, s, n, p);
        expect(due).not.toBeNull();
        expect(businessMinutesBetween(c, s, due as Date, p)).toBe(n);
      }),
      { numRuns: 150 },
    );
  });

  it("is additive over a split and never decreases", () => {
    fc.assert(
      fc.property(calendar, instant, instant, instant, pauses, (c, x, y, z, p) => {
        const [a, b, d] = [x, y, z].sort((m, n) => m.getTime() - n.getTime()) as [Date, Date, Date];
        const whole = businessMinutesBetween(c, a, d, p);
        expect(businessMinutesBetween(c, a, b, p) + businessMinutesBetween(c, b, d, p)).toBeCloseTo(
          whole,
          9,
        );
        expect(businessMinutesBetween(c, a, b, p)).toBeLessThanOrEqual(whole);
        expect(businessMinutesBetween(c, a, b, p)).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 40 },
    );
  });

  it("counts no minute outside opening hours or on a holiday", () => {
    fc.assert(
      fc.property(calendar, instant, (c, s) => {
        const oneMinute = businessMinutesBetween(c, s, new Date(s.getTime() + 60_000));
        const parts = new Intl.DateTimeFormat("en-CA", {
          timeZone: c.timeZone,
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          weekday: "short",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        }).formatToParts(s);
        const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
        const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(part("weekday"));
        const date = `${part("year")}-${part("month")}-${part("day")}`;
        const time = `${part("hour")}:${part("minute")}`;
        const hours = c.weeklyHours[weekday];
        const open =
          hours && !c.holidays.includes(date) && time >= hours.opens && time < hours.closes;
        if (!open) expect(oneMinute).toBe(0);
        else expect(oneMinute).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
