"use client";

import { type Ref, useId, useImperativeHandle, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { MAX_MESSAGE_CHARS } from "@/lib/domain/message-limits";

export type ComposerMode = "reply" | "note";
export type ComposerHandle = { open: (mode: ComposerMode) => void };

const MODES: { mode: ComposerMode; label: string; key: string }[] = [
  { mode: "reply", label: "Reply to customer", key: "r" },
  { mode: "note", label: "Internal note", key: "n" },
];

/*
 * Where a person writes: a reply goes to the customer on the ticket's channel (an email ticket
 * gets an email through the outbox); a note stays with the team. The same box, two clearly
 * different modes, so nobody sends a note to a customer by mistake.
 */
export function TicketComposer({
  conversationId,
  channel,
  customerName,
  onSent,
  ref,
}: {
  conversationId: string;
  channel: "chat" | "email";
  customerName: string;
  onSent: () => void;
  ref?: Ref<ComposerHandle>;
}) {
  const [mode, setMode] = useState<ComposerMode>("reply");
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const hintId = useId();
  const statusId = useId();

  useImperativeHandle(ref, () => ({
    open(next) {
      setMode(next);
      field.current?.focus();
    },
  }));

  async function submit() {
    if (text.trim() === "") {
      setStatus({ error: true, text: "Write something first." });
      return;
    }
    setPending(true);
    setStatus(null);
    const result = await sendJson(
      `/api/tickets/${conversationId}/${mode === "reply" ? "replies" : "notes"}`,
      { text: text.trim() },
    );
    setPending(false);
    if (result.ok) {
      setText("");
      setStatus({
        error: false,
        text: mode === "reply" ? `Reply sent to ${customerName}.` : "Note added for the team.",
      });
      onSent();
    } else {
      setStatus({ error: true, text: describeProblem(result.problem) });
    }
  }

  const isNote = mode === "note";
  return (
    <form
      className={`space-y-2 rounded-lg border px-4 py-3 shadow-sm ${isNote ? "border-dashed border-amber-400 bg-amber-50" : "border-slate-200 bg-white"}`}
      noValidate
      aria-label="Write to the ticket"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">What to write</legend>
        {MODES.map((option) => (
          <label
            key={option.mode}
            className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-medium ring-1 ring-inset has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-700 ${mode === option.mode ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-800 ring-slate-300"}`}
          >
            <input
              type="radio"
              name="composer-mode"
              value={option.mode}
              checked={mode === option.mode}
              onChange={() => setMode(option.mode)}
              className="sr-only"
            />
            {option.label}{" "}
            <kbd className="rounded border border-current px-1 font-mono text-xs">{option.key}</kbd>
          </label>
        ))}
      </fieldset>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-900">
        {isNote ? "Internal note" : `Reply to ${customerName}`}
      </label>
      <p id={hintId} className="text-sm text-slate-700">
        {isNote
          ? "Only staff see notes; the customer never does."
          : channel === "email"
            ? "Sent as an email, signed with your name; the ticket shows exactly what is sent."
            : "Appears in the customer's chat, signed with your name."}
      </p>
      <textarea
        ref={field}
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={4}
        maxLength={MAX_MESSAGE_CHARS}
        aria-describedby={`${hintId} ${statusId}`}
        aria-keyshortcuts={isNote ? "n" : "r"}
        className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30"
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Sending…" : isNote ? "Add note" : "Send reply"}
        </Button>
        <p
          id={statusId}
          role="status"
          className={`text-sm ${status?.error ? "font-medium text-red-800" : "text-slate-700"}`}
        >
          {status?.text ?? ""}
        </p>
      </div>
    </form>
  );
}
