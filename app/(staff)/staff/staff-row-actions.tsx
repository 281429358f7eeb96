"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { ROLES, type Role } from "@/lib/domain/authz";
import type { StaffAccountRow } from "@/lib/server/services/staff/list-staff";
import { OneTimeLink } from "./one-time-link";

type Status = { tone: "success" | "danger"; text: string };

/** Role, deactivation and password reset for one active account. */
export function StaffRowActions({ account }: { account: StaffAccountRow }) {
  const router = useRouter();
  const [role, setRole] = useState<Role>(account.role);
  const [pending, setPending] = useState(false);
  const [confirmingDeactivation, setConfirmingDeactivation] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const [resetUrl, setResetUrl] = useState<string | null>(null);
  const roleId = useId();
  const base = `/api/staff/${account.id}`;

  async function run(url: string, body: unknown, done: string): Promise<unknown> {
    setPending(true);
    setStatus(null);
    const result = await sendJson<unknown>(url, body);
    setPending(false);
    if (!result.ok) {
      setStatus({ tone: "danger", text: describeProblem(result.problem) });
      return null;
    }
    setStatus({ tone: "success", text: done });
    router.refresh();
    return result.data;
  }

  return (
    <div className="min-w-64 space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={roleId} className="sr-only">
            Role for {account.name}
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            className="min-h-10 rounded-md border border-slate-300 px-2 text-sm capitalize"
          >
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          disabled={pending || role === account.role}
          aria-label={`Change role of ${account.name}`}
          onClick={() => void run(`${base}/role`, { role }, `${account.name} is now ${role}.`)}
        >
          Change role
        </Button>
        <Button
          variant="secondary"
          disabled={pending}
          aria-label={`Reset password of ${account.name}`}
          onClick={async () => {
            const data = (await run(
              `${base}/password-reset`,
              undefined,
              `${account.name}'s password no longer works; send them the new link.`,
            )) as { setPasswordUrl: string } | null;
            if (data) setResetUrl(data.setPasswordUrl);
          }}
        >
          Reset password
        </Button>
        {confirmingDeactivation ? (
          <>
            <Button
              disabled={pending}
              onClick={async () => {
                setConfirmingDeactivation(false);
                await run(`${base}/deactivation`, undefined, `${account.name} is deactivated.`);
              }}
            >
              Yes, deactivate {account.name}
            </Button>
            <Button variant="ghost" onClick={() => setConfirmingDeactivation(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button
            variant="ghost"
            disabled={pending}
            aria-label={`Deactivate ${account.name}`}
            onClick={() => setConfirmingDeactivation(true)}
          >
            Deactivate
          </Button>
        )}
      </div>
      {status ? (
        <p
          role={status.tone === "danger" ? "alert" : "status"}
          className={`text-sm ${status.tone === "danger" ? "text-red-800" : "text-green-800"}`}
        >
          {status.text}
        </p>
      ) : null}
      {resetUrl ? (
        <OneTimeLink label={`New set-password link for ${account.name}`} url={resetUrl} />
      ) : null}
    </div>
  );
}
