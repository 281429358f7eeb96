import {
  type BusinessCalendar,
  businessMsBetween,
  type Interval,
  instantAfterBusinessMs,
} from "./business-calendar";
import type { SlaChannel, SlaSettings } from "./sla-settings";

/*
 * The SLA of one ticket at `now`, computed from facts (never ticked): when the customer first
 * wrote, when the first public reply went out, and the intervals its clock stood still.
 *
 * First reply: starts at the first customer message and stops at the first reply the customer
 * can read, from a person or from the AI agent. The agent answers for the team here, so its
 * reply counts, as any public reply does in a production helpdesk; a ticket solved before any
 * reply stops the clock too (nobody owes it a reply then).
 * Resolution: starts at the first customer message and stops while the ticket is solved;
 * reopening resumes it, the solved time left out.
 * A person's pause stops both clocks until it is lifted.
 */

export const SLA_STATES = ["on_track", "near_breach", "breached", "paused", "met"] as const;
export type SlaState = (typeof SLA_STATES)[number];

export type SlaClock =
  | { state: "off" }
  | {
      state: SlaState;
      targetMinutes: number;
      /** Business minutes used so far (to the stop, when stopped). */
      usedMinutes: number;
      /** When the target is (or was) reached; null while paused past the point of knowing. */
      dueAt: Date | null;
      /** When the near-breach share of the target is (or was) used. */
      warnAt: Date | null;
      /** Neither stopped nor paused: the clock counts now. */
      running: boolean;
    };

export type SlaPauseFact = {
  cause: "person" | "solved";
  startedAt: Date;
  endedAt: Date | null;
  reason: string | null;
};

export type TicketSlaFacts = {
  channel: SlaChannel;
  firstCustomerMessageAt: Date | null;
  firstReplyAt: Date | null;
  pauses: readonly SlaPauseFact[];
};

export type TicketSla = {
  firstReply: SlaClock;
  resolution: SlaClock;
  /** The reason a person gave for the pause in force, if any. */
  pausedReason: string | null;
};

const MINUTE_MS = 60_000;

type ClockInput = {
  calendar: BusinessCalendar;
  startedAt: Date;
  /** Where the clock ended for good (a reply, a solve); null while it runs. */
  stoppedAt: Date | null;
  /** Intervals that do not count, an open one still in force. */
  excluded: readonly Interval[];
  targetMinutes: number;
  nearBreachPercent: number;
  now: Date;
};

export function slaClock(input: ClockInput): SlaClock {
  const { calendar, startedAt, stoppedAt, excluded, targetMinutes, now } = input;
  const targetMs = targetMinutes * MINUTE_MS;
  const end = stoppedAt && stoppedAt.getTime() < now.getTime() ? stoppedAt : now;
  const usedMs = businessMsBetween(
    calendar,
    startedAt,
    end,
    excluded.map((interval) => ({ start: interval.start, end: interval.end ?? end })),
  );
  const dueAt = instantAfterBusinessMs(calendar, startedAt, targetMs, excluded);
  const warnAt = instantAfterBusinessMs(
    calendar,
    startedAt,
    Math.floor((targetMs * input.nearBreachPercent) / 100),
    excluded,
  );
  const reading = { targetMinutes, usedMinutes: usedMs / MINUTE_MS, dueAt, warnAt };
  if (stoppedAt && stoppedAt.getTime() <= now.getTime()) {
    return { state: usedMs <= targetMs ? "met" : "breached", ...reading, running: false };
  }
  const pausedNow = excluded.some(
    (interval) =>
      interval.start.getTime() <= now.getTime() &&
      (interval.end === null || interval.end.getTime() > now.getTime()),
  );
  if (pausedNow) return { state: "paused", ...reading, running: false };
  const running = { ...reading, running: true };
  if (usedMs >= targetMs) return { state: "breached", ...running };
  if (warnAt && warnAt.getTime() <= now.getTime()) return { state: "near_breach", ...running };
  return { state: "on_track", ...running };
}

function asInterval(pause: SlaPauseFact): Interval {
  return { start: pause.startedAt, end: pause.endedAt };
}

export function ticketSla(facts: TicketSlaFacts, settings: SlaSettings, now: Date): TicketSla {
  const targets = settings.targets[facts.channel];
  const personPauses = facts.pauses.filter((pause) => pause.cause === "person");
  const solves = facts.pauses
    .filter((pause) => pause.cause === "solved")
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  const pausedReason =
    personPauses.find((pause) => pause.endedAt === null && pause.startedAt <= now)?.reason ?? null;
  const startedAt = facts.firstCustomerMessageAt;
  if (!targets.enabled || !startedAt) {
    return { firstReply: { state: "off" }, resolution: { state: "off" }, pausedReason };
  }
  const common = {
    calendar: settings.calendar,
    startedAt,
    nearBreachPercent: settings.nearBreachPercent,
    now,
  };
  const firstSolve = solves.find((solve) => solve.startedAt >= startedAt)?.startedAt ?? null;
  const firstReplyStop = [facts.firstReplyAt, firstSolve]
    .filter((at): at is Date => at !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  const openSolve = solves.find((solve) => solve.endedAt === null);
  return {
    firstReply: slaClock({
      ...common,
      stoppedAt: firstReplyStop ?? null,
      excluded: personPauses.map(asInterval),
      targetMinutes: targets.firstReplyMinutes,
    }),
    resolution: slaClock({
      ...common,
      stoppedAt: openSolve?.startedAt ?? null,
      excluded: [...personPauses, ...solves.filter((solve) => solve !== openSolve)].map(asInterval),
      targetMinutes: targets.resolutionMinutes,
    }),
    pausedReason,
  };
}

/** What the inbox stores to filter on: a running clock's due and warn times, else null. */
export function storedDueTimes(clock: SlaClock): { dueAt: Date | null; warnAt: Date | null } {
  if (clock.state === "off" || !clock.running) return { dueAt: null, warnAt: null };
  return { dueAt: clock.dueAt, warnAt: clock.warnAt };
}
