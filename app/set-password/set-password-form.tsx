"use client";

import Link from "next/link";
import { type FormEvent, useState } from "react";
import { type CredentialField, CredentialsForm } from "@/components/staff/credentials-form";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { MIN_PASSWORD_LENGTH, staffPasswordSchema } from "@/lib/domain/staff-accounts";

const FIELDS: CredentialField[] = [
  { label: "New password", name: "password", type: "password", autoComplete: "new-password" },
  { label: "Repeat the password", name: "confirm", type: "password", autoComplete: "new-password" },
];

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
    <CredentialsForm
      intro={
        <>
          <p className="text-sm text-slate-700">
            Hello {name}. Choose a password for <span className="break-all">{email}</span>: at least{" "}
            {MIN_PASSWORD_LENGTH} characters. The link works once.
          </p>
          {/* Lets password managers store the new password under the right account. */}
          <input type="hidden" name="username" autoComplete="username" value={email} />
        </>
      }
      fields={FIELDS}
      error={error}
      pending={pending}
      submitLabel="Set password"
      pendingLabel="Saving…"
      onSubmit={handleSubmit}
    />
  );
}
