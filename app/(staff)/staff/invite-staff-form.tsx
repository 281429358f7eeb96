"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { ROLES, type Role } from "@/lib/domain/authz";
import { OneTimeLink } from "./one-time-link";

type Invited = { user: { email: string; name: string }; setPasswordUrl: string };

export function InviteStaffForm() {
  const router = useRouter();
  const [values, setValues] = useState<{ name: string; email: string; role: Role }>({
    name: "",
    email: "",
    role: "agent",
  });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invited, setInvited] = useState<Invited | null>(null);
  const ids = { name: useId(), email: useId(), role: useId(), error: useId() };

  async function invite() {
    setPending(true);
    setError(null);
    const result = await sendJson<Invited>("/api/staff", values);
    setPending(false);
    if (!result.ok) {
      setError(`Not invited. ${describeProblem(result.problem)}`);
      return;
    }
    setInvited(result.data);
    setValues({ name: "", email: "", role: "agent" });
    router.refresh();
  }

  const input = "min-h-10 w-full rounded-md border border-slate-300 px-3 text-sm";
  return (
    <div className="space-y-4">
      <form
        noValidate
        className="space-y-3"
        aria-describedby={error ? ids.error : undefined}
        onSubmit={(event) => {
          event.preventDefault();
          void invite();
        }}
      >
        <div className="space-y-1">
          <label htmlFor={ids.name} className="block text-sm font-medium text-slate-900">
            Name
          </label>
          <input
            id={ids.name}
            autoComplete="off"
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
            className={input}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.email} className="block text-sm font-medium text-slate-900">
            Email
          </label>
          <input
            id={ids.email}
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
            className={input}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.role} className="block text-sm font-medium text-slate-900">
            Role
          </label>
          <select
            id={ids.role}
            value={values.role}
            onChange={(event) => setValues({ ...values, role: event.target.value as Role })}
            className={`${input} capitalize`}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Inviting…" : "Invite"}
          </Button>
          {error ? (
            <p id={ids.error} role="alert" className="text-sm text-red-800">
              {error}
            </p>
          ) : null}
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
