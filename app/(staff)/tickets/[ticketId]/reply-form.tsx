"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { MAX_MESSAGE_CHARS } from "@/lib/domain/message-limits";

/*
 * Types a message as if the customer sent it, for demos and testing: it takes the same path as a
 * real customer message (stored, classified by deterministic code, then an agent turn).
 */
export function ReplyForm({
  conversationId,
  onSent,
}: {
  conversationId: string;
  onSent: () => void;
}) {
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const fieldId = useId();
  const hintId = useId();
  const statusId = useId();

  async function submit() {
    if (text.trim() === "") {
      setStatus({ error: true, text: "Write a message first." });
      return;
    }
    setPending(true);
    setStatus(null);
    const result = await sendJson(`/api/conversations/${conversationId}/messages`, {
      text: text.trim(),
      // One key per submission: a double click or a retried request stores the message once.
      dedupeKey: `staff-as-customer:${crypto.randomUUID()}`,
    });
    setPending(false);
    if (result.ok) {
      setText("");
      setStatus({ error: false, text: "Sent. The agent is working on it." });
      onSent();
    } else {
      setStatus({ error: true, text: describeProblem(result.problem) });
    }
  }

  return (
    <form
      className="space-y-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-900">
        Reply as the customer
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        For demos and tests: goes through exactly the path a real customer message takes.
      </p>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        maxLength={MAX_MESSAGE_CHARS}
        aria-describedby={`${hintId} ${statusId}`}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30"
        onKeyDown={(event) => {
          // Ctrl/⌘+Enter sends, as in most helpdesks; plain Enter keeps writing.
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Sending…" : "Send as customer"}
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
