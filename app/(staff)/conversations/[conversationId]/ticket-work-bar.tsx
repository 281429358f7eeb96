"use client";

import { type Ref, useState } from "react";
import { SelectField } from "@/components/ui/controls";
import { FormStatus, type Outcome } from "@/components/ui/form-message";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";
import { TicketOwnerControl } from "./ticket-owner-control";

type Conversation = ConversationThreadSnapshot["conversation"];

const STATUS_LABELS = { open: "Open", pending: "Pending", solved: "Solved" } as const;

function isTicketStatus(value: string): value is keyof typeof STATUS_LABELS {
  return Object.hasOwn(STATUS_LABELS, value);
}

const shortcutKey = "rounded border border-slate-300 px-1 font-mono text-xs";

/*
 * The ticket's own workflow, beside the AI's: who owns the conversation (the AI, or a person
 * who took it over), who it is assigned to, and where it stands (open → pending → solved).
 */
export function TicketWorkBar({
  conversation,
  staff,
  meId,
  onChanged,
  assigneeRef,
}: {
  conversation: Conversation;
  staff: ConversationThreadSnapshot["staff"];
  meId: string;
  onChanged: () => void;
  assigneeRef?: Ref<HTMLSelectElement>;
}) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const base = `/api/conversations/${conversation.id}`;

  async function post(path: string, body: unknown, done: string) {
    setPending(true);
    setOutcome(null);
    const result = await sendJson(`${base}/${path}`, body);
    setPending(false);
    setOutcome(
      result.ok
        ? { tone: "success", text: done }
        : { tone: "danger", text: describeProblem(result.problem) },
    );
    if (result.ok) onChanged();
  }

  const others = staff.filter((person) => person.id !== meId);
  const me = staff.find((person) => person.id === meId);
  return (
    <section aria-label="Ticket work" className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <TicketOwnerControl
        owner={conversation.humanOwner}
        pending={pending}
        onHandBack={() => void post("hand-back", undefined, "Handed back to the AI.")}
        onTakeOver={() =>
          void post("take-over", undefined, "You have taken over; the AI will not reply.")
        }
      />
      <SelectField
        ref={assigneeRef}
        label={
          <>
            Assignee <kbd className={shortcutKey}>a</kbd>
          </>
        }
        fieldClassName="w-full sm:w-auto"
        className="w-full sm:w-auto"
        value={conversation.assignee?.id ?? ""}
        disabled={pending}
        aria-keyshortcuts="a"
        onChange={(event) => {
          const value = event.target.value || null;
          const name = staff.find((person) => person.id === value)?.name;
          void post(
            "assignee",
            { assigneeId: value },
            value ? `Assigned to ${name}.` : "Unassigned.",
          );
        }}
      >
        <option value="">Unassigned</option>
        {me ? <option value={me.id}>Me ({me.name})</option> : null}
        {others.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name} ({person.role})
          </option>
        ))}
      </SelectField>
      <SelectField
        label={
          <>
            Ticket status{" "}
            <span className="font-normal text-slate-600">
              (<kbd className={shortcutKey}>s</kbd> solves)
            </span>
          </>
        }
        fieldClassName="w-full sm:w-auto"
        className="w-full sm:w-auto"
        value={conversation.workflowStatus}
        disabled={pending}
        onChange={(event) => {
          const status = event.target.value;
          if (!isTicketStatus(status)) return;
          void post("status", { status }, `Marked ${STATUS_LABELS[status].toLowerCase()}.`);
        }}
      >
        {Object.entries(STATUS_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <FormStatus outcome={outcome} className="basis-full" />
    </section>
  );
}

export async function solveTicket(conversationId: string) {
  return sendJson(`/api/conversations/${conversationId}/status`, { status: "solved" });
}
