"use client";

import { type FormEvent, useRef, useState } from "react";
import { useIdempotencyKey } from "@/lib/client/use-idempotency-key";
import { WIDGET_MESSAGE_MAX_CHARS } from "@/lib/domain/widget-message";
import { useAttachmentPicker } from "./use-attachment-picker";
import { isSessionLost, sendMessage, sendMessageWithFiles } from "./widget-api";
import { problemNotice, textNotice, type WidgetNotice } from "./widget-notice";

/*
 * A draft keeps one client message id until it is accepted, so a retry after a network error,
 * or a double press of Send, is stored once. A draft edited after a failed send is another
 * message (the first may have been stored), so it gets a new id: the server refuses an id sent
 * again with other text. Files chosen for the message go with it in one request.
 */
export function useMessageDraft({
  onSent,
  onSessionLost,
  onSendingChange,
}: {
  onSent: () => void;
  onSessionLost: (notice: WidgetNotice | null) => void;
  onSendingChange: (sending: boolean) => void;
}) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<WidgetNotice | null>(null);
  const [sending, setSending] = useState(false);
  const messageKey = useIdempotencyKey();
  const inFlight = useRef(false);
  const attachments = useAttachmentPicker();
  const { files } = attachments;
  const tooLong = text.length > WIDGET_MESSAGE_MAX_CHARS;

  function markSending(value: boolean) {
    inFlight.current = value;
    setSending(value);
    onSendingChange(value);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (inFlight.current) return;
    if (text.trim() === "" && files.length === 0) {
      setProblem(textNotice("write_first"));
      return;
    }
    if (tooLong) {
      setProblem(textNotice("message_too_long", { max: String(WIDGET_MESSAGE_MAX_CHARS) }));
      return;
    }
    markSending(true);
    setProblem(null);
    const result =
      files.length > 0
        ? await sendMessageWithFiles(
            messageKey.keyFor({
              text,
              files: files.map((file) => [file.name, file.size, file.lastModified]),
            }),
            text,
            files,
          )
        : await sendMessage(messageKey.keyFor(text), text);
    markSending(false);
    if (isSessionLost(result)) {
      onSessionLost(result.ok ? null : problemNotice(result));
      return;
    }
    if (!result.ok) {
      if (!attachments.refusedByServer(result.problem.refusedFiles)) {
        setProblem(problemNotice(result));
      }
      return;
    }
    messageKey.settled();
    setText("");
    attachments.clear();
    onSent();
  }

  return { text, setText, problem, sending, tooLong, submit, attachments };
}
