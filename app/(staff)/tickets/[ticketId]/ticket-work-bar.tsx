"use client";

import { type Ref, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import type { TicketThreadSnapshot } from "@/lib/server/services/tickets/get-ticket-thread";

type Conversation = TicketThreadSnapshot["conversation"];

const STATUS_LABELS = { open: "Open", pending: "Pending", solved: "Solved" } as const;

const selectClassName =
  "block min-h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus:border-blue-700 sm:w-auto";

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
  staff: TicketThreadSnapshot["staff"];
  meId: string;
  onChanged: () => void;
  assigneeRef?: Ref<HTMLSelectElement>;
}) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const statusId = useId();
  const assigneeId = useId();
  const base = `/api/tickets/${conversation.id}`;

  async function post(path: string, body: unknown, done: string) {
    setPending(true);
    setMessage(null);
    const result = await sendJson(`${base}/${path}`, body);
    setPending(false);
    setMessage(
      result.ok
        ? { error: false, text: done }
        : { error: true, text: describeProblem(result.problem) },
    );
    if (result.ok) onChanged();
  }

  const owner = conversation.humanOwner;
  const others = staff.filter((person) => person.id !== meId);
  const me = staff.find((person) => person.id === meId);
  return (
    <section aria-label="Ticket work" className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-800">Handled by</p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-900" data-testid="ticket-owner">
            {owner ? `${owner.name} (AI paused)` : "AI agent"}
          </span>
          {owner ? (
            <Button
              variant="secondary"
              disabled={pending}
              onClick={() => post("hand-back", undefined, "Handed back to the AI.")}
            >
              Hand back to AI
            </Button>
          ) : (
            <Button
              variant="secondary"
              disabled={pending}
              onClick={() =>
                post("take-over", undefined, "You have taken over; the AI will not reply.")
              }
            >
              Take over
            </Button>
          )}
        </div>
      </div>
      <div className="w-full space-y-1 sm:w-auto">
        <label htmlFor={assigneeId} className="block text-sm font-medium text-slate-800">
          Assignee <kbd className="rounded border border-slate-300 px-1 font-mono text-xs">a</kbd>
        </label>
        <select
          ref={assigneeRef}
          id={assigneeId}
          value={conversation.assignee?.id ?? ""}
          disabled={pending}
          aria-keyshortcuts="a"
          className={selectClassName}
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
        </select>
      </div>
      <div className="w-full space-y-1 sm:w-auto">
        <label htmlFor={statusId} className="block text-sm font-medium text-slate-800">
          Ticket status{" "}
          <span className="font-normal text-slate-600">
            (<kbd className="rounded border border-slate-300 px-1 font-mono text-xs">s</kbd> solves)
          </span>
        </label>
        <select
          id={statusId}
          value={conversation.ticketStatus}
          disabled={pending}
          className={selectClassName}
          onChange={(event) => {
            const status = event.target.value as keyof typeof STATUS_LABELS;
            void post("status", { status }, `Marked ${STATUS_LABELS[status].toLowerCase()}.`);
          }}
        >
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <p
        role="status"
        className={`basis-full text-sm ${message?.error ? "font-medium text-red-800" : "text-slate-700"}`}
      >
        {message?.text ?? ""}
      </p>
    </section>
  );
}

export async function solveTicket(conversationId: string) {
  return sendJson(`/api/tickets/${conversationId}/status`, { status: "solved" });
}
