"use client";

import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { controlClassName } from "@/components/ui/controls";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
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
  const problemId = useId();
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
      <Field
        surface="widget"
        label="Your message"
        labelHidden
        hint={
          <span className={tooLong ? "text-red-700 dark:text-red-300" : undefined}>
            {text.length} / {WIDGET_MESSAGE_MAX_CHARS} characters. Enter sends, Shift+Enter adds a
            line.
          </span>
        }
        hintBelow
        invalid={tooLong}
        describedBy={problemId}
      >
        {(control) => (
          <div className="flex items-end gap-2">
            <textarea
              {...control}
              data-autofocus
              name="message"
              rows={2}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Write a message…"
              className={controlClassName("widget", "flex-1 resize-none")}
            />
            <SubmitButton surface="widget" pending={sending}>
              Send
            </SubmitButton>
          </div>
        )}
      </Field>
      <FormAlert id={problemId} surface="widget" className="mt-1">
        {problem}
      </FormAlert>
    </form>
  );
}
