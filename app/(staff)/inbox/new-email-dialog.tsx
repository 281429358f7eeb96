"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button, buttonClassName } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { useIdempotencyKey } from "@/lib/client/use-idempotency-key";
import {
  bytesOverLimit,
  MAX_MESSAGE_CHARS,
  MAX_NEW_EMAIL_REQUEST_BYTES,
} from "@/lib/domain/message-limits";
import type { StartEmailConversationResult } from "@/lib/server/services/intake/start-email-conversation";

export type KnownCustomer = { name: string; email: string };

/**
 * "New email": staff type an inbound email (from, subject, body) and it enters exactly as a
 * delivered one would. A native modal <dialog>: focus stays inside, Escape closes it, and focus
 * returns to the button that opened it.
 */
export function NewEmailDialog({ customers }: { customers: KnownCustomer[] }) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { title: useId(), customers: useId(), error: useId() };
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
      setError(tooLongMessage(over));
      return;
    }
    setPending(true);
    setError(null);
    const result = await sendJson<Pick<StartEmailConversationResult, "conversationId">>(
      "/api/conversations/email",
      email,
      {
        idempotencyKey: requestKey.keyFor(email),
      },
    );
    setPending(false);
    if (!result.ok) {
      setError(
        result.problem.status === 413
          ? tooLongMessage(null)
          : (result.problem.errors ?? []).map((field) => field.message).join(" ") ||
              describeProblem(result.problem),
      );
      return;
    }
    requestKey.settled();
    dialog.current?.close();
    router.push(`/conversations/${result.data.conversationId}`);
  }

  return (
    <>
      <button
        type="button"
        className={buttonClassName("secondary")}
        onClick={() => {
          setError(null);
          dialog.current?.showModal();
        }}
      >
        New email
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={ids.title}
        className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
      >
        <form onSubmit={handleSubmit} className="space-y-4 p-4 sm:p-6">
          <h2 id={ids.title} className="text-lg font-semibold">
            New email
          </h2>
          <p className="text-sm text-slate-600">
            Enters the inbox as an email from the customer; the agent answers it and any refund
            waits for an approver.
          </p>
          <TextField
            label="From"
            name="from"
            type="email"
            required
            autoComplete="off"
            list={ids.customers}
            placeholder="maya@example.com"
            describedBy={error ? ids.error : null}
          />
          <datalist id={ids.customers}>
            {customers.map((customer) => (
              <option key={customer.email} value={customer.email}>
                {customer.name}
              </option>
            ))}
          </datalist>
          <TextField label="Subject" name="subject" required maxLength={300} />
          <TextAreaField
            label="Message"
            name="body"
            required
            rows={6}
            maxLength={MAX_MESSAGE_CHARS}
          />
          <FormAlert id={ids.error}>{error}</FormAlert>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <SubmitButton pending={pending} pendingLabel="Sending…">
              Send email
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}

function tooLongMessage(overBytes: number | null): string {
  const by = overBytes === null ? "" : ` by about ${overBytes} bytes`;
  return `This email is too long to send${by}. Emoji and some symbols take up to 4 bytes each; shorten the message and try again.`;
}
