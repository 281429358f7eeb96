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
  onSlashWhenEmpty,
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
  /** `/` typed into the empty box opens something instead of writing the slash. */
  onSlashWhenEmpty?: () => void;
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
          } else if (event.key === "/" && text === "" && onSlashWhenEmpty) {
            event.preventDefault();
            onSlashWhenEmpty();
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
