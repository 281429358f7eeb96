"use client";

import { SelectField } from "@/components/ui/controls";
import type { TicketThreadSnapshot } from "@/lib/server/services/tickets/get-ticket-thread";
import { shortcutKeyClassName } from "./shortcut-key";

type TicketStatus = TicketThreadSnapshot["conversation"]["ticketStatus"];

const STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  pending: "Pending",
  solved: "Solved",
};

function isTicketStatus(value: string): value is TicketStatus {
  return Object.hasOwn(STATUS_LABELS, value);
}

/** Where the ticket stands: open → pending → solved. */
export function TicketStatusSelect({
  status,
  pending,
  onChange,
}: {
  status: TicketStatus;
  pending: boolean;
  onChange: (status: TicketStatus, label: string) => void;
}) {
  return (
    <SelectField
      label={
        <>
          Ticket status{" "}
          <span className="font-normal text-slate-600">
            (<kbd className={shortcutKeyClassName}>s</kbd> solves)
          </span>
        </>
      }
      fieldClassName="w-full sm:w-auto"
      className="w-full sm:w-auto"
      value={status}
      disabled={pending}
      onChange={(event) => {
        const next = event.target.value;
        if (isTicketStatus(next)) onChange(next, STATUS_LABELS[next]);
      }}
    >
      {Object.entries(STATUS_LABELS).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </SelectField>
  );
}
