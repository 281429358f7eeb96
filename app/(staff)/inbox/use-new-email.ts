"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type RefObject, useState } from "react";
import { describeNewEmailRefusal, tooLongEmailMessage } from "@/lib/client/new-email-refusal";
import { sendJson } from "@/lib/client/send-json";
import { useIdempotencyKey } from "@/lib/client/use-idempotency-key";
import { bytesOverLimit, MAX_NEW_EMAIL_REQUEST_BYTES } from "@/lib/domain/message-limits";
import type { StartEmailConversationResult } from "@/lib/server/services/intake/start-email-conversation";

/** Sends the staff-typed email; on success closes the dialog and opens the new ticket. */
export function useNewEmail(dialog: RefObject<HTMLDialogElement | null>) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestKey = useIdempotencyKey();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = {
      from: String(form.get("from") ?? ""),
      subject: String(form.get("subject") ?? ""),
      body: String(form.get("body") ?? ""),
    };
    // The server counts the request in bytes; say so here instead of sending what it refuses.
    const over = bytesOverLimit(email, MAX_NEW_EMAIL_REQUEST_BYTES);
    if (over > 0) {
      setError(tooLongEmailMessage(over));
      return;
    }
    setPending(true);
    setError(null);
    const result = await sendJson<Pick<StartEmailConversationResult, "conversationId">>(
      "/api/conversations/email",
      email,
      { idempotencyKey: requestKey.keyFor(email) },
    );
    setPending(false);
    if (!result.ok) {
      setError(describeNewEmailRefusal(result.problem));
      return;
    }
    requestKey.settled();
    dialog.current?.close();
    router.push(`/conversations/${result.data.conversationId}`);
  }

  return { pending, error, clearError: () => setError(null), handleSubmit };
}
