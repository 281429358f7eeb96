"use client";

import { useLiveStatus } from "./use-live-events";

const display = {
  online: {
    dot: "bg-emerald-600",
    text: "text-emerald-900",
    ring: "ring-emerald-300 bg-emerald-50",
  },
  connecting: { dot: "bg-amber-500", text: "text-amber-900", ring: "ring-amber-300 bg-amber-50" },
  offline: { dot: "bg-red-600", text: "text-red-900", ring: "ring-red-300 bg-red-50" },
} as const;

/** Header pill: is the live connection up, and which server process is answering it. */
export function ServerStatusPill() {
  const { state, processId, pid } = useLiveStatus();
  const look = display[state];
  const label =
    state === "online" ? "Online" : state === "offline" ? "Offline, reconnecting" : "Connecting";

  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="server-status"
      data-state={state}
      data-process-id={processId ?? ""}
      title={processId ? `Live updates from server process ${processId}` : undefined}
      className={`inline-flex min-h-7 items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 text-xs font-medium ring-1 ring-inset ${look.ring} ${look.text}`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${look.dot}`} />
      {label}
      {state === "online" && pid !== null ? (
        <span className="font-mono tabular-nums">
          <span className="sr-only">, server process </span>
          <span aria-hidden="true"> · </span>pid {pid}
        </span>
      ) : null}
    </p>
  );
}
