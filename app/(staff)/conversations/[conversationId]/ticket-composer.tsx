"use client";

import { type Ref, useImperativeHandle, useRef, useState } from "react";
import { sendJson } from "@/lib/client/send-json";
import { ComposeBox } from "./compose-box";
import { type ComposerMode, ComposerModePicker } from "./composer-mode-picker";
import { SavedReplyPicker } from "./saved-reply-picker";
import { useTextSubmission } from "./use-text-submission";

export type ComposerHandle = { open: (mode: ComposerMode) => void };

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
  // How the saved-reply list was opened: a slash typed into the empty box is given back on Escape.
  const [picking, setPicking] = useState<"slash" | "button" | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const isNote = mode === "note";
  const draft = useTextSubmission({
    emptyMessage: "Write something first.",
    send: (text) =>
      sendJson(`/api/conversations/${conversationId}/${isNote ? "notes" : "replies"}`, { text }),
    sentMessage: () => (isNote ? "Note added for the team." : `Reply sent to ${customerName}.`),
    onSent,
  });

  function focusFieldAtEnd() {
    requestAnimationFrame(() => {
      const box = field.current;
      if (!box) return;
      box.focus();
      box.setSelectionRange(box.value.length, box.value.length);
    });
  }

  function insertSavedReply(text: string) {
    draft.setText(draft.text.trim() === "" ? text : `${draft.text.trimEnd()}\n\n${text}`);
  }

  useImperativeHandle(ref, () => ({
    open(next) {
      setMode(next);
      field.current?.focus();
    },
  }));

  return (
    <form
      className={`space-y-2 rounded-lg border px-4 py-3 shadow-sm ${isNote ? "border-dashed border-amber-400 bg-amber-50" : "border-slate-200 bg-white"}`}
      noValidate
      aria-label="Write to the ticket"
      onSubmit={(event) => {
        event.preventDefault();
        void draft.submit();
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ComposerModePicker mode={mode} onChange={setMode} />
        <button
          type="button"
          className="min-h-10 rounded-md px-2 text-sm text-blue-800 underline"
          aria-expanded={picking !== null}
          onClick={() => setPicking(picking ? null : "button")}
        >
          Saved replies
        </button>
      </div>
      {picking ? (
        <SavedReplyPicker
          conversationId={conversationId}
          onInsert={insertSavedReply}
          onClose={(reason) => {
            if (reason === "escape" && picking === "slash" && draft.text === "") draft.setText("/");
            setPicking(null);
            focusFieldAtEnd();
          }}
        />
      ) : null}
      <ComposeBox
        textAreaRef={field}
        label={isNote ? "Internal note" : `Reply to ${customerName}`}
        hint={`${
          isNote
            ? "Only staff see notes; the customer never does."
            : channel === "email"
              ? "Sent as an email, signed with your name; the ticket shows exactly what is sent."
              : "Appears in the customer's chat, signed with your name."
        } Type / in the empty box to insert a saved reply.`}
        rows={4}
        text={draft.text}
        onTextChange={draft.setText}
        onSubmit={() => void draft.submit()}
        pending={draft.pending}
        submitLabel={isNote ? "Add note" : "Send reply"}
        outcome={draft.outcome}
        keyShortcut={isNote ? "n" : "r"}
        onSlashWhenEmpty={() => setPicking("slash")}
      />
    </form>
  );
}
