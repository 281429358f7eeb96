"use client";

import { useEffect, useId, useRef } from "react";
import { TextField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useIdentityCheck } from "./use-identity-check";

type Props = {
  workspace: string;
  notice: string | null;
  onVerified: () => void;
};

/*
 * Before any order or refund talk the customer proves who they are: the email they ordered
 * with and one of their order numbers. A wrong pair is refused without saying which half is
 * wrong, and repeated failures are rate-limited by the server.
 */
export function IdentityStep({ workspace, notice, onVerified }: Props) {
  const { problem, busy, submit } = useIdentityCheck(workspace, onVerified);
  const emailInput = useRef<HTMLInputElement>(null);
  const problemId = useId();

  useEffect(() => {
    emailInput.current?.focus();
  }, []);

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="space-y-3 p-4"
      aria-labelledby="identity-heading"
    >
      <h2 id="identity-heading" className="text-base font-semibold">
        First, let's find your order
      </h2>
      {notice && (
        <p
          role="status"
          className="rounded-md bg-amber-100 p-2 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
        >
          {notice}
        </p>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        So that only you can see your orders and refunds, enter the email address you ordered with
        and one of your order numbers.
      </p>
      <TextField
        surface="widget"
        ref={emailInput}
        data-autofocus
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        required
        describedBy={problem ? problemId : null}
      />
      <TextField
        surface="widget"
        label="Order number"
        hint="It is in your order confirmation email, for example A1043."
        hintBelow
        name="orderNumber"
        type="text"
        autoComplete="off"
        required
        describedBy={problem ? problemId : null}
        className="w-full uppercase"
      />
      <FormAlert id={problemId} surface="widget">
        {problem}
      </FormAlert>
      <SubmitButton surface="widget" pending={busy} pendingLabel="Checking…" className="w-full">
        Start chat
      </SubmitButton>
    </form>
  );
}
