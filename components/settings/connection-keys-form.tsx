"use client";

import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstInvalid } from "@/components/ui/use-focus-first-invalid";
import type { PaymentConnectionSaved } from "@/lib/server/services/connections/save-payment-connection";
import { type KeysFieldErrors, keysFieldErrors } from "./keys-field-errors";
import type { ProviderForm } from "./provider-forms";
import { sendRequest } from "./send-request";

/** A provider's credentials, sent once and never shown again; the inputs are emptied after saving. */
export function ConnectionKeysForm({
  workspaceId,
  form: providerForm,
  onSaved,
  onCancel,
}: {
  workspaceId: string;
  form: ProviderForm;
  onSaved: (saved: PaymentConnectionSaved) => void;
  onCancel?: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<KeysFieldErrors>({});
  const alertId = useId();
  const { form: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setPending(true);
    setAlert(null);
    const values = Object.fromEntries(
      providerForm.fields.map((field) => [field.name, String(data.get(field.name) ?? "")]),
    );
    const result = await sendRequest<PaymentConnectionSaved>("PUT", "/api/settings/connections", {
      workspaceId,
      provider: providerForm.provider,
      ...values,
    });
    setPending(false);
    if (result.ok) {
      form.reset();
      setErrors({});
      onSaved(result.data);
      return;
    }
    const fieldErrors = keysFieldErrors(result.problem);
    const byField = Object.keys(fieldErrors).length > 0;
    setErrors(fieldErrors);
    setAlert(byField ? "Check the fields below." : (result.problem.detail ?? "Not saved."));
    focusFirstInvalid();
  }

  return (
    <form
      ref={formRef}
      className="max-w-xl space-y-4"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <FormAlert id={alertId}>{alert}</FormAlert>
      {providerForm.fields.map((field, index) => (
        <TextField
          key={field.name}
          label={field.label}
          name={field.name}
          type={field.secret ? "password" : "text"}
          autoComplete="off"
          required
          error={errors[field.name]}
          describedBy={index === 0 && alert ? alertId : null}
          hint={field.hint}
        />
      ))}
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save keys
        </SubmitButton>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
