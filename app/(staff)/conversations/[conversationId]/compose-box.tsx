"use client";

import { type ReactNode, type Ref, useId } from "react";
import { TextAreaField } from "@/components/ui/controls";
import { FormStatus, type Outcome } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { MAX_MESSAGE_CHARS } from "@/lib/domain/message-limits";

/** A staff text box with its send button and outcome; Ctrl/⌘+Enter sends, plain Enter writes on. */
export function ComposeBox({
  label,
  hint,
  rows,
  text,
  onTextChange,
  onSubmit,
  pending,
  submitLabel,
  outcome,
  textAreaRef,
  keyShortcut,
}: {
  label: ReactNode;
  hint: ReactNode;
  rows: number;
  text: string;
  onTextChange: (text: string) => void;
  onSubmit: () => void;
  pending: boolean;
  submitLabel: ReactNode;
  outcome: Outcome | null;
  textAreaRef?: Ref<HTMLTextAreaElement>;
  keyShortcut?: string;
}) {
  const statusId = useId();
  return (
    <>
      <TextAreaField
        ref={textAreaRef}
        label={label}
        hint={hint}
        describedBy={statusId}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        rows={rows}
        maxLength={MAX_MESSAGE_CHARS}
        aria-keyshortcuts={keyShortcut}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onSubmit();
          }
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={pending} pendingLabel="Sending…">
          {submitLabel}
        </SubmitButton>
        <FormStatus id={statusId} outcome={outcome} />
      </div>
    </>
  );
}
