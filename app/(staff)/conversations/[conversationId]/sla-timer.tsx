"use client";

import { useEffect, useState } from "react";
import { describeSlaClock, type SlaTone } from "@/lib/domain/sla/sla-words";
import type { SlaClockView, TicketSlaView } from "@/lib/server/services/sla/get-ticket-sla";

const TONE_CLASSES: Record<SlaTone, string> = {
  neutral: "text-slate-800",
  success: "text-emerald-800",
  warning: "font-semibold text-amber-900",
  danger: "font-semibold text-red-800",
};

const TONE_MARKS: Record<SlaTone, string> = {
  neutral: "",
  success: "✓ ",
  warning: "⚠ ",
  danger: "⛔ ",
};

// The words change at most once a minute, so a tick every 15 s keeps them within the minute.
const TICK_MS = 15_000;

/*
 * The ticket's SLA clocks, ticking in the browser from the due times the server computed (the
 * snapshot is refetched on live events, so a reply or a pause is reflected without polling).
 * The text says the state in words, not only in colour; role="timer" with live announcements
 * off, so screen readers read it when asked rather than every tick.
 */
export function SlaTimer({ sla }: { sla: TicketSlaView }) {
  const [now, setNow] = useState(() => new Date(sla.computedAt));
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const clocks = [
    ["First reply", sla.firstReply],
    ["Resolution", sla.resolution],
  ] as const;
  if (clocks.every(([, clock]) => clock.state === "off")) return null;
  return (
    <div data-testid="sla-timer" className="space-y-0.5 text-sm">
      {clocks.map(([label, clock]) => (
        <ClockLine key={label} label={label} clock={clock} now={now} />
      ))}
      {sla.pause ? (
        <p data-testid="sla-paused" className="text-slate-800">
          Paused: {sla.pause.reason}
          {sla.pause.byName ? <span className="text-slate-600"> ({sla.pause.byName})</span> : null}
        </p>
      ) : null}
    </div>
  );
}

function ClockLine({
  label,
  clock,
  now,
}: {
  label: "First reply" | "Resolution";
  clock: SlaClockView;
  now: Date;
}) {
  if (clock.state === "off") return null;
  const { text, tone, state } = describeSlaClock(
    label,
    {
      state: clock.state,
      dueAt: clock.dueAt ? new Date(clock.dueAt) : null,
      warnAt: clock.warnAt ? new Date(clock.warnAt) : null,
    },
    now,
  );
  return (
    <p role="timer" aria-live="off" data-sla-state={state} className={TONE_CLASSES[tone]}>
      <span aria-hidden="true">{TONE_MARKS[tone]}</span>
      {text}
    </p>
  );
}
