"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { TextField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import type { Role } from "@/lib/domain/authz";
import type { InvitedStaff } from "@/lib/server/services/staff/invite-staff";
import { OneTimeLink } from "./one-time-link";
import { RoleSelectField } from "./role-select-field";

const TEXT_FIELDS = [
  { label: "Name", name: "name", type: "text" },
  { label: "Email", name: "email", type: "email" },
] as const;

const EMPTY: { name: string; email: string; role: Role } = { name: "", email: "", role: "agent" };

export function InviteStaffForm() {
  const router = useRouter();
  const [values, setValues] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invited, setInvited] = useState<InvitedStaff | null>(null);
  const errorId = useId();

  async function invite() {
    setPending(true);
    setError(null);
    const result = await sendJson<InvitedStaff>("/api/staff", values);
    setPending(false);
    if (!result.ok) {
      setError(`Not invited. ${describeProblem(result.problem)}`);
      return;
    }
    setInvited(result.data);
    setValues(EMPTY);
    router.refresh();
  }

  return (
    <div className="space-y-4">
      <form
        noValidate
        className="space-y-3"
        aria-describedby={error ? errorId : undefined}
        onSubmit={(event) => {
          event.preventDefault();
          void invite();
        }}
      >
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field.name}
            {...field}
            autoComplete="off"
            value={values[field.name]}
            onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
          />
        ))}
        <RoleSelectField
          label="Role"
          value={values.role}
          onChange={(role) => setValues({ ...values, role })}
          className="w-full"
        />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pending={pending} pendingLabel="Inviting…">
            Invite
          </SubmitButton>
          <FormAlert id={errorId}>{error}</FormAlert>
        </div>
      </form>
      {invited ? (
        <OneTimeLink
          label={`Set-password link for ${invited.user.name} (${invited.user.email})`}
          url={invited.setPasswordUrl}
        />
      ) : null}
    </div>
  );
}
