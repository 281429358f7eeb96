"use client";

import { type KeyboardEvent, useId } from "react";
import { controlClassName } from "@/components/ui/controls";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { WIDGET_MESSAGE_MAX_CHARS } from "@/lib/domain/widget-message";
import { AttachButton, ChosenFiles } from "./attach-control";
import { useMessageDraft } from "./use-message-draft";
import { noticeText, type WidgetNotice } from "./widget-notice";
import { useWidgetText } from "./widget-text";

type Props = {
  onSent: () => void;
  onSessionLost: (notice: WidgetNotice | null) => void;
  onSendingChange: (sending: boolean) => void;
};

/** The message box: Enter sends, Shift+Enter adds a line, and the count warns before the limit. */
export function MessageComposer(props: Props) {
  const { text, setText, problem, sending, tooLong, submit, attachments } = useMessageDraft(props);
  const problemId = useId();
  const wording = useWidgetText();
  const { t } = wording;

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
        label={t("message_label")}
        labelHidden
        hint={
          <span className={tooLong ? "text-red-700 dark:text-red-300" : undefined}>
            {t("message_hint", {
              count: String(text.length),
              max: String(WIDGET_MESSAGE_MAX_CHARS),
            })}
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
              placeholder={t("message_placeholder")}
              className={controlClassName("widget", "min-w-0 flex-1 resize-none")}
            />
            <AttachButton picker={attachments} disabled={sending} />
            <SubmitButton surface="widget" pending={sending}>
              {t("send")}
            </SubmitButton>
          </div>
        )}
      </Field>
      <ChosenFiles picker={attachments} sending={sending} />
      <FormAlert id={problemId} surface="widget" className="mt-1">
        {problem && noticeText(problem, wording)}
      </FormAlert>
    </form>
  );
}
