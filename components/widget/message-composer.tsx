"use client";

import { type FormEvent, type KeyboardEvent, useRef, useState } from "react";
import { describeProblem } from "@/lib/client/send-json";
import { useIdempotencyKey } from "@/lib/client/use-idempotency-key";
import { WIDGET_MESSAGE_MAX_CHARS } from "@/lib/domain/widget-message";
import { isSessionLost, sendMessage } from "./widget-api";

type Props = {
  onSent: () => void;
  onSessionLost: (detail: string) => void;
  onSendingChange: (sending: boolean) => void;
};

/*
 * The message box. A draft keeps one client message id until it is accepted, so a retry after a
 * network error, or a double press of Send, is stored once. A draft edited after a failed send is
 * another message (the first may have been stored), so it gets a new id: the server refuses an id
 * sent again with other text.
 */
export function MessageComposer({ onSent, onSessionLost, onSendingChange }: Props) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const messageKey = useIdempotencyKey();
  const inFlight = useRef(false);
  const tooLong = text.length > WIDGET_MESSAGE_MAX_CHARS;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (inFlight.current) return;
    if (text.trim() === "") {
      setProblem("Write a message first.");
      return;
    }
    if (tooLong) {
      setProblem(`Messages can be at most ${WIDGET_MESSAGE_MAX_CHARS} characters long.`);
      return;
    }
    inFlight.current = true;
    setSending(true);
    onSendingChange(true);
    setProblem(null);
    const result = await sendMessage(messageKey.keyFor(text), text);
    inFlight.current = false;
    setSending(false);
    onSendingChange(false);
    if (isSessionLost(result)) {
      onSessionLost(result.ok ? "" : describeProblem(result.problem));
      return;
    }
    if (!result.ok) {
      setProblem(describeProblem(result.problem));
      return;
    }
    messageKey.settled();
    setText("");
    onSent();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="border-t border-slate-300 p-3 dark:border-slate-700"
    >
      <label htmlFor="widget-message" className="sr-only">
        Your message
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id="widget-message"
          data-autofocus
          name="message"
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby="widget-message-limit widget-message-problem"
          aria-invalid={tooLong || undefined}
          placeholder="Write a message…"
          className="min-h-11 flex-1 resize-none rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
        />
        <button
          type="submit"
          disabled={sending}
          className="min-h-11 rounded-md bg-blue-700 px-4 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
        >
          Send
        </button>
      </div>
      <p
        id="widget-message-limit"
        className={`mt-1 text-xs ${tooLong ? "text-red-700 dark:text-red-300" : "text-slate-600 dark:text-slate-300"}`}
      >
        {text.length} / {WIDGET_MESSAGE_MAX_CHARS} characters. Enter sends, Shift+Enter adds a line.
      </p>
      <p
        id="widget-message-problem"
        role="alert"
        className="mt-1 text-sm text-red-700 empty:hidden dark:text-red-300"
      >
        {problem}
      </p>
    </form>
  );
}
