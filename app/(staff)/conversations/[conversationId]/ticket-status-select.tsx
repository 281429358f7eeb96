"use client";

import { SelectField } from "@/components/ui/controls";
import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";
import { shortcutKeyClassName } from "./shortcut-key";

type WorkflowStatus = ConversationThreadSnapshot["conversation"]["workflowStatus"];

const STATUS_LABELS: Record<WorkflowStatus, string> = {
  open: "Open",
  pending: "Pending",
  solved: "Solved",
};

function isTicketStatus(value: string): value is WorkflowStatus {
  return Object.hasOwn(STATUS_LABELS, value);
}

/** Where the ticket stands: open → pending → solved. */
export function TicketStatusSelect({
  status,
  pending,
  onChange,
}: {
  status: WorkflowStatus;
  pending: boolean;
  onChange: (status: WorkflowStatus, label: string) => void;
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
