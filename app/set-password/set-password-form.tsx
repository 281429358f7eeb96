"use client";

import Link from "next/link";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { MIN_PASSWORD_LENGTH, staffPasswordSchema } from "@/lib/domain/staff-accounts";

const inputClassName =
  "block min-h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus:border-blue-700";

export function SetPasswordForm({
  token,
  name,
  email,
}: {
  token: string;
  name: string;
  email: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const parsed = staffPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setError(`${parsed.error.issues[0]?.message ?? "Choose another password"}.`);
      return;
    }
    if (password !== String(form.get("confirm") ?? "")) {
      setError("The two passwords differ.");
      return;
    }
    setPending(true);
    setError(null);
    const result = await sendJson("/api/password-links", { token, password });
    setPending(false);
    if (result.ok) setDone(true);
    else setError(describeProblem(result.problem));
  }

  if (done) {
    return (
      <div className="space-y-3 text-sm text-slate-800">
        <p role="status">Your password is set. Sign in with {email}.</p>
        <Link href="/login" className="font-medium text-blue-800 underline">
          Go to sign in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">
        Hello {name}. Choose a password for <span className="break-all">{email}</span>: at least{" "}
        {MIN_PASSWORD_LENGTH} characters. The link works once.
      </p>
      {/* Lets password managers store the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <div className="space-y-1">
        <label htmlFor="password" className="block text-sm font-medium text-slate-900">
          New password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby="set-password-error"
          className={inputClassName}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="confirm" className="block text-sm font-medium text-slate-900">
          Repeat the password
        </label>
        <input
          id="confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby="set-password-error"
          className={inputClassName}
        />
      </div>
      <p id="set-password-error" role="alert" className="min-h-5 text-sm text-red-800">
        {error}
      </p>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Saving…" : "Set password"}
      </Button>
    </form>
  );
}
