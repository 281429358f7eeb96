"use client";

import { type KeyboardEvent, useId } from "react";
import { controlClassName } from "@/components/ui/controls";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { WIDGET_MESSAGE_MAX_CHARS } from "@/lib/domain/widget-message";
import { useMessageDraft } from "./use-message-draft";

type Props = {
  onSent: () => void;
  onSessionLost: (detail: string) => void;
  onSendingChange: (sending: boolean) => void;
};

/** The message box: Enter sends, Shift+Enter adds a line, and the count warns before the limit. */
export function MessageComposer(props: Props) {
  const { text, setText, problem, sending, tooLong, submit } = useMessageDraft(props);
  const problemId = useId();

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
