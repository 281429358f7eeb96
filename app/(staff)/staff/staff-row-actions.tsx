"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { OutcomeMessages } from "@/components/ui/form-message";
import { useOutcomeRequest } from "@/components/ui/use-outcome-request";
import { sendJson } from "@/lib/client/send-json";
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
  const { pending, outcome, request } = useOutcomeRequest();
  const [resetUrl, setResetUrl] = useState<string | null>(null);

  async function run<Answer>(path: string, body: unknown, done: string): Promise<Answer | null> {
    const result = await request(
      () => sendJson<Answer>(`/api/staff/${account.id}/${path}`, body),
      done,
    );
    if (!result.ok) return null;
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
