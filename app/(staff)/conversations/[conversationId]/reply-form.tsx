"use client";

import { sendJson } from "@/lib/client/send-json";
import { ComposeBox } from "./compose-box";
import { useTextSubmission } from "./use-text-submission";

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
  const draft = useTextSubmission({
    emptyMessage: "Write a message first.",
    send: (text) =>
      sendJson(`/api/conversations/${conversationId}/messages`, {
        text,
        // One key per submission: a double click or a retried request stores the message once.
        dedupeKey: `staff-as-customer:${crypto.randomUUID()}`,
      }),
    sentMessage: () => "Sent. The agent is working on it.",
    onSent,
  });

  return (
    <form
      className="space-y-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void draft.submit();
      }}
    >
      <ComposeBox
        label="Reply as the customer"
        hint="For demos and tests: goes through exactly the path a real customer message takes."
        rows={3}
        text={draft.text}
        onTextChange={draft.setText}
        onSubmit={() => void draft.submit()}
        pending={draft.pending}
        submitLabel="Send as customer"
        outcome={draft.outcome}
      />
    </form>
  );
}
