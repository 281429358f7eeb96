"use client";

import { type FormEvent, useEffect, useRef, useState } from "react";
import { describeProblem } from "@/lib/client/send-json";
import { startSession } from "./widget-api";

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
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    emailInput.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(null);
    const result = await startSession({
      workspace,
      method: "order_check",
      email: String(form.get("email") ?? ""),
      orderNumber: String(form.get("orderNumber") ?? ""),
    });
    setBusy(false);
    if (result.ok) onVerified();
    else setProblem(describeProblem(result.problem));
  }

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
      <div>
        <label htmlFor="identity-email" className="block text-sm font-medium">
          Email address
        </label>
        <input
          ref={emailInput}
          data-autofocus
          id="identity-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          className="mt-1 min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
        />
      </div>
      <div>
        <label htmlFor="identity-order" className="block text-sm font-medium">
          Order number
        </label>
        <input
          id="identity-order"
          name="orderNumber"
          type="text"
          autoComplete="off"
          required
          aria-describedby="identity-order-hint"
          className="mt-1 min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 uppercase dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
        />
        <p id="identity-order-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          It is in your order confirmation email, for example A1043.
        </p>
      </div>
      <p role="alert" className="text-sm text-red-700 empty:hidden dark:text-red-300">
        {problem}
      </p>
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 w-full rounded-md bg-blue-700 px-4 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {busy ? "Checking…" : "Start chat"}
      </button>
    </form>
  );
}
