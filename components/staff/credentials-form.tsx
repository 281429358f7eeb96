"use client";

import { type FormEvent, type ReactNode, useId } from "react";
import { TextField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";

export type CredentialField = {
  label: string;
  name: string;
  type: "email" | "password";
  autoComplete: string;
};

/*
 * Sign-in and set-password: a few required fields, one error for the whole form (read with
 * each field, its space kept so the layout does not jump) and a full-width submit.
 */
export function CredentialsForm({
  intro,
  fields,
  error,
  pending,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  intro?: ReactNode;
  fields: CredentialField[];
  error: string | null;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const errorId = useId();
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {intro}
      {fields.map((field) => (
        <TextField key={field.name} {...field} required describedBy={errorId} />
      ))}
      <FormAlert id={errorId} reserveSpace>
        {error}
      </FormAlert>
      <SubmitButton pending={pending} pendingLabel={pendingLabel} className="w-full">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
