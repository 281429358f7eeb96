"use client";

import { useId, useRef } from "react";
import { Button, buttonClassName } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { MAX_MESSAGE_CHARS } from "@/lib/domain/message-limits";
import { useNewEmail } from "./use-new-email";

export type KnownCustomer = { name: string; email: string };

/**
 * "New email": staff type an inbound email (from, subject, body) and it enters exactly as a
 * delivered one would. A native modal <dialog>: focus stays inside, Escape closes it, and focus
 * returns to the button that opened it.
 */
export function NewEmailDialog({ customers }: { customers: KnownCustomer[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { pending, error, clearError, handleSubmit } = useNewEmail(dialog);
  const ids = { title: useId(), customers: useId(), error: useId() };

  return (
    <>
      <button
        type="button"
        className={buttonClassName("secondary")}
        onClick={() => {
          clearError();
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
