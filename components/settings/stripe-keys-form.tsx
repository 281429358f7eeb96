"use client";

import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstInvalid } from "@/components/ui/use-focus-first-invalid";
import type { PaymentConnectionSaved } from "@/lib/server/services/connections/save-payment-connection";
import { type KeysFieldErrors, keysFieldErrors } from "./keys-field-errors";
import { sendRequest } from "./send-request";

/** The two Stripe secrets, sent once and never shown again; the inputs are emptied after saving. */
export function StripeKeysForm({
  workspaceId,
  onSaved,
  onCancel,
}: {
  workspaceId: string;
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
    const result = await sendRequest<PaymentConnectionSaved>("PUT", "/api/settings/connections", {
      workspaceId,
      provider: "stripe",
      secretKey: String(data.get("secretKey") ?? ""),
      webhookSecret: String(data.get("webhookSecret") ?? ""),
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
    setAlert(byField ? "Check the keys below." : (result.problem.detail ?? "Not saved."));
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
      <TextField
        label="Secret key"
        name="secretKey"
        type="password"
        autoComplete="off"
        required
        error={errors.secretKey}
        describedBy={alert ? alertId : null}
        hint="In Stripe's dashboard: Developers → API keys. Use a restricted key (rk_…) with Refunds write and Charges, PaymentIntents and Balance read, or the secret key (sk_…). Test-mode keys start with sk_test_ or rk_test_."
      />
      <TextField
        label="Webhook signing secret"
        name="webhookSecret"
        type="password"
        autoComplete="off"
        required
        error={errors.webhookSecret}
        hint="In Stripe's dashboard: Developers → Webhooks → your Countersign endpoint → Signing secret (whsec_…). Add the endpoint first; its URL is shown here after saving."
      />
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
