"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { type CredentialField, CredentialsForm } from "@/components/staff/credentials-form";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { signInErrorMessage } from "@/lib/auth/sign-in-error";

const FIELDS: CredentialField[] = [
  { label: "Email", name: "email", type: "email", autoComplete: "username" },
  { label: "Password", name: "password", type: "password", autoComplete: "current-password" },
];

export function LoginForm({
  callbackUrl,
  initialError,
}: {
  callbackUrl: string;
  initialError: string | null;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);

    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    });

    if (!result || result.error || !result.ok) {
      setError(signInErrorMessage(result?.error ?? ""));
      setPending(false);
      return;
    }
    router.replace(safeCallbackPath(callbackUrl));
    router.refresh();
  }

  return (
    <CredentialsForm
      fields={FIELDS}
      error={error}
      pending={pending}
      submitLabel="Sign in"
      pendingLabel="Signing in…"
      onSubmit={handleSubmit}
    />
  );
}
