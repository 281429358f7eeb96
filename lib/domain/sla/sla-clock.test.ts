import { describe, expect, it } from "vitest";
import { storedDueTimes, type TicketSlaFacts, ticketSla } from "./sla-clock";
import { DEFAULT_SLA_SETTINGS, type SlaSettings, slaSettingsSchema } from "./sla-settings";

const at = (iso: string) => new Date(iso);
// Monday 2026-12-07, 09:00–17:00 UTC business hours; chat: 15 min first reply, 8 h resolution.
const settings: SlaSettings = DEFAULT_SLA_SETTINGS;
const wrote = at("2026-12-07T10:00Z");

function chat(overrides: Partial<TicketSlaFacts> = {}): TicketSlaFacts {
  return {
    channel: "chat",
    firstCustomerMessageAt: wrote,
    firstReplyAt: null,
    pauses: [],
    ...overrides,
  };
}

describe("a ticket's SLA", () => {
  it("the default settings validate", () => {
    expect(slaSettingsSchema.parse(DEFAULT_SLA_SETTINGS)).toEqual(DEFAULT_SLA_SETTINGS);
  });

  it("is on track, then near breach at 80 % of the target, then breached", () => {
    const early = ticketSla(chat(), settings, at("2026-12-07T10:05Z"));
    expect(early.firstReply).toMatchObject({
      state: "on_track",
      dueAt: at("2026-12-07T10:15Z"),
      warnAt: at("2026-12-07T10:12Z"),
      usedMinutes: 5,
      running: true,
    });
    expect(ticketSla(chat(), settings, at("2026-12-07T10:12Z")).firstReply.state).toBe(
      "near_breach",
    );
    expect(ticketSla(chat(), settings, at("2026-12-07T10:15Z")).firstReply.state).toBe("breached");
    expect(early.resolution).toMatchObject({ state: "on_track", dueAt: at("2026-12-08T10:00Z") });
  });

  it("first reply is met by a reply within the target and stays breached after a late one", () => {
    const met = ticketSla(
      chat({ firstReplyAt: at("2026-12-07T10:14Z") }),
      settings,
      at("2026-12-09T10:00Z"),
    );
    expect(met.firstReply).toMatchObject({ state: "met", running: false, usedMinutes: 14 });
    const late = ticketSla(
      chat({ firstReplyAt: at("2026-12-07T10:20Z") }),
      settings,
      at("2026-12-07T11:00Z"),
    );
    expect(late.firstReply).toMatchObject({ state: "breached", running: false, usedMinutes: 20 });
    expect(storedDueTimes(late.firstReply)).toEqual({ dueAt: null, warnAt: null });
  });

  it("counts no time after closing: a message at 16:55 is due 09:10 next morning", () => {
    const sla = ticketSla(
      chat({ firstCustomerMessageAt: at("2026-12-07T16:55Z") }),
      settings,
      at("2026-12-07T23:00Z"),
    );
    expect(sla.firstReply).toMatchObject({ state: "on_track", dueAt: at("2026-12-08T09:10Z") });
  });

  it("a person's pause stops both clocks and moves the due time on by its length", () => {
    const pause = {
      cause: "person" as const,
      startedAt: at("2026-12-07T10:05Z"),
      endedAt: null,
      reason: "waiting for the carrier",
    };
    const paused = ticketSla(chat({ pauses: [pause] }), settings, at("2026-12-07T12:00Z"));
    expect(paused.pausedReason).toBe("waiting for the carrier");
    expect(paused.firstReply).toMatchObject({ state: "paused", usedMinutes: 5, running: false });
    expect(paused.resolution).toMatchObject({ state: "paused", dueAt: null });
    expect(storedDueTimes(paused.firstReply)).toEqual({ dueAt: null, warnAt: null });

    const resumed = ticketSla(
      chat({ pauses: [{ ...pause, endedAt: at("2026-12-07T12:00Z") }] }),
      settings,
      at("2026-12-07T12:01Z"),
    );
    expect(resumed.pausedReason).toBeNull();
    expect(resumed.firstReply).toMatchObject({
      state: "on_track",
      usedMinutes: 6,
      dueAt: at("2026-12-07T12:10Z"),
    });
  });

  it("resolution stops while solved and resumes on reopening without the solved time", () => {
    const solvedAt = at("2026-12-07T11:00Z");
    const solved = ticketSla(
      chat({
        firstReplyAt: at("2026-12-07T10:01Z"),
        pauses: [{ cause: "solved", startedAt: solvedAt, endedAt: null, reason: null }],
      }),
      settings,
      at("2026-12-09T11:00Z"),
    );
    expect(solved.resolution).toMatchObject({ state: "met", usedMinutes: 60, running: false });
    const reopened = ticketSla(
      chat({
        firstReplyAt: at("2026-12-07T10:01Z"),
        pauses: [
          { cause: "solved", startedAt: solvedAt, endedAt: at("2026-12-08T09:00Z"), reason: null },
        ],
      }),
      settings,
      at("2026-12-08T10:00Z"),
    );
    expect(reopened.resolution).toMatchObject({
      state: "on_track",
      usedMinutes: 120,
      dueAt: at("2026-12-08T16:00Z"),
    });
  });

  it("a ticket solved before any reply owes no first reply", () => {
    const sla = ticketSla(
      chat({
        pauses: [
          { cause: "solved", startedAt: at("2026-12-07T10:10Z"), endedAt: null, reason: null },
        ],
      }),
      settings,
      at("2026-12-08T10:00Z"),
    );
    expect(sla.firstReply).toMatchObject({ state: "met", running: false });
  });

  it("is off for a channel without targets and before the customer writes", () => {
    const off: SlaSettings = {
      ...settings,
      targets: { ...settings.targets, email: { ...settings.targets.email, enabled: false } },
    };
    expect(ticketSla(chat({ channel: "email" }), off, wrote).firstReply.state).toBe("off");
    expect(
      ticketSla(chat({ firstCustomerMessageAt: null }), settings, wrote).resolution.state,
    ).toBe("off");
  });

  it("email uses its own targets: 4 business hours to a first reply", () => {
    const sla = ticketSla(chat({ channel: "email" }), settings, wrote);
    expect(sla.firstReply).toMatchObject({ dueAt: at("2026-12-07T14:00Z") });
    expect(sla.resolution).toMatchObject({ dueAt: at("2026-12-09T10:00Z") });
  });
});
