"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { type Outcome, OutcomeMessages } from "@/components/ui/form-message";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import type { Role } from "@/lib/domain/authz";
import type { StaffAccountRow } from "@/lib/server/services/staff/list-staff";
import type { StaffPasswordReset } from "@/lib/server/services/staff/reset-staff-password";
import { DeactivateStaffButton } from "./deactivate-staff-button";
import { OneTimeLink } from "./one-time-link";
import { RoleSelectField } from "./role-select-field";

/** Role, deactivation and password reset for one active account. */
export function StaffRowActions({ account }: { account: StaffAccountRow }) {
  const router = useRouter();
  const [role, setRole] = useState<Role>(account.role);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [resetUrl, setResetUrl] = useState<string | null>(null);
  const base = `/api/staff/${account.id}`;

  async function run<Answer>(path: string, body: unknown, done: string): Promise<Answer | null> {
    setPending(true);
    setOutcome(null);
    const result = await sendJson<Answer>(`${base}/${path}`, body);
    setPending(false);
    if (!result.ok) {
      setOutcome({ tone: "danger", text: describeProblem(result.problem) });
      return null;
    }
    setOutcome({ tone: "success", text: done });
    router.refresh();
    return result.data;
  }

  return (
    <div className="min-w-64 space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <RoleSelectField
          label={`Role for ${account.name}`}
          labelHidden
          value={role}
          onChange={setRole}
          className="w-auto"
        />
        <Button
          variant="secondary"
          disabled={pending || role === account.role}
          aria-label={`Change role of ${account.name}`}
          onClick={() => void run("role", { role }, `${account.name} is now ${role}.`)}
        >
          Change role
        </Button>
        <Button
          variant="secondary"
          disabled={pending}
          aria-label={`Reset password of ${account.name}`}
          onClick={async () => {
            const reset = await run<StaffPasswordReset>(
              "password-reset",
              undefined,
              `${account.name}'s password no longer works; send them the new link.`,
            );
            if (reset) setResetUrl(reset.setPasswordUrl);
          }}
        >
          Reset password
        </Button>
        <DeactivateStaffButton
          name={account.name}
          pending={pending}
          onConfirm={() => void run("deactivation", undefined, `${account.name} is deactivated.`)}
        />
      </div>
      <OutcomeMessages outcome={outcome} />
      {resetUrl ? (
        <OneTimeLink label={`New set-password link for ${account.name}`} url={resetUrl} />
      ) : null}
    </div>
  );
}
