import { describe, expect, it } from "vitest";
import { describeSlaClock, formatSpan, stateAt } from "./sla-words";

const now = new Date("2026-12-07T10:00:00Z");
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe("SLA words", () => {
  it("formats spans in whole minutes, hours and days", () => {
    expect(formatSpan(30_000)).toBe("under a minute");
    expect(formatSpan(12 * 60_000 + 59_000)).toBe("12 min");
    expect(formatSpan(65 * 60_000)).toBe("1 h 5 min");
    expect(formatSpan(120 * 60_000)).toBe("2 h");
    expect(formatSpan((51 * 60 + 10) * 60_000)).toBe("2 d 3 h");
    expect(formatSpan(-65 * 60_000)).toBe("1 h 5 min");
  });

  it("says when a running clock is due, and warns near the end", () => {
    expect(
      describeSlaClock(
        "First reply",
        { state: "on_track", dueAt: inMinutes(12), warnAt: inMinutes(9) },
        now,
      ),
    ).toEqual({ text: "First reply due in 12 min", tone: "neutral", state: "on_track" });
    expect(
      describeSlaClock(
        "First reply",
        { state: "on_track", dueAt: inMinutes(2), warnAt: inMinutes(-1) },
        now,
      ),
    ).toMatchObject({ tone: "warning", state: "near_breach" });
  });

  it("a running clock read earlier breaches on its own when its due time passes", () => {
    const reading = {
      state: "near_breach" as const,
      dueAt: inMinutes(-65),
      warnAt: inMinutes(-70),
    };
    expect(stateAt(reading, now)).toBe("breached");
    expect(describeSlaClock("Resolution", reading, now)).toEqual({
      text: "Resolution breached 1 h 5 min ago",
      tone: "danger",
      state: "breached",
    });
  });

  it("a stopped or paused clock stays as it was read", () => {
    const late = { dueAt: inMinutes(-5), warnAt: inMinutes(-8) };
    expect(describeSlaClock("First reply", { state: "met", ...late }, now).text).toBe(
      "First reply met",
    );
    expect(describeSlaClock("Resolution", { state: "paused", ...late }, now)).toMatchObject({
      text: "Resolution paused",
      tone: "neutral",
    });
    expect(
      describeSlaClock("First reply", { state: "breached", dueAt: null, warnAt: null }, now).text,
    ).toBe("First reply breached");
  });
});
