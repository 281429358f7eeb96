import type { SlaState } from "./sla-clock";

/*
 * A clock as a person reads it on the ticket ("First reply due in 12 min", "Resolution breached
 * 1 h 5 min ago"), from the due and near-breach times the server computed. Between two server
 * readings time moves on: a running clock passes its near-breach and due times on its own, so
 * the browser can tick without asking again.
 */

export type SlaReading = {
  state: SlaState;
  dueAt: Date | null;
  warnAt: Date | null;
};

export type SlaTone = "neutral" | "warning" | "danger" | "success";

const MINUTE_MS = 60_000;

/** Whole minutes, as "12 min", "1 h 5 min", "2 d 3 h"; under a minute is "under a minute". */
export function formatSpan(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / MINUTE_MS);
  if (minutes < 1) return "under a minute";
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/** The state at `now` of a clock read earlier: a running one may have moved on since. */
export function stateAt(reading: SlaReading, now: Date): SlaState {
  const running = reading.state === "on_track" || reading.state === "near_breach";
  if (!running) return reading.state;
  if (reading.dueAt && reading.dueAt.getTime() <= now.getTime()) return "breached";
  if (reading.warnAt && reading.warnAt.getTime() <= now.getTime()) return "near_breach";
  return reading.state;
}

export function describeSlaClock(
  label: "First reply" | "Resolution",
  reading: SlaReading,
  now: Date,
): { text: string; tone: SlaTone; state: SlaState } {
  const state = stateAt(reading, now);
  const due = reading.dueAt;
  switch (state) {
    case "met":
      return { text: `${label} met`, tone: "success", state };
    case "paused":
      return { text: `${label} paused`, tone: "neutral", state };
    case "breached":
      return {
        text:
          due && due.getTime() <= now.getTime()
            ? `${label} breached ${formatSpan(now.getTime() - due.getTime())} ago`
            : `${label} breached`,
        tone: "danger",
        state,
      };
    default:
      return {
        text: due ? `${label} due in ${formatSpan(due.getTime() - now.getTime())}` : `${label} due`,
        tone: state === "near_breach" ? "warning" : "neutral",
        state,
      };
  }
}
