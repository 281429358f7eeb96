"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { SaveBar, type SaveStatus } from "@/components/ui/save-bar";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { formatMoney } from "@/lib/domain/money";
import { parseMoneyInput } from "@/lib/domain/money-input";

/** The approver limit is a setting like the others: saved through /api/settings and audited. */
export function ApproverLimitForm({ approverLimitCents }: { approverLimitCents: number }) {
  const router = useRouter();
  const [value, setValue] = useState((approverLimitCents / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const [pending, setPending] = useState(false);
  const ids = { field: useId(), hint: useId(), error: useId() };

  async function save() {
    const cents = parseMoneyInput(value);
    setStatus(null);
    if (cents === null) {
      setError("Enter an amount in dollars and cents, e.g. 500.00.");
      return;
    }
    setError(null);
    setPending(true);
    const result = await sendJson<{ changed: string[] }>("/api/settings", {
      approverLimitCents: cents,
    });
    setPending(false);
    if (!result.ok) {
      setStatus({ tone: "danger", text: `Not saved. ${describeProblem(result.problem)}` });
      return;
    }
    setStatus({
      tone: "success",
      text:
        result.data.changed.length === 0
          ? "Nothing changed."
          : `Saved: approvers now approve up to ${formatMoney(cents)}.`,
    });
    router.refresh();
  }

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="space-y-1">
        <label htmlFor={ids.field} className="block text-sm font-medium text-slate-900">
          Approver limit
        </label>
        <p id={ids.hint} className="text-sm text-slate-600">
          An approver approves refunds up to this amount; a larger one needs an admin. Now{" "}
          {formatMoney(approverLimitCents)}.
        </p>
        <div className="flex items-center gap-2">
          <input
            id={ids.field}
            inputMode="decimal"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            className="min-h-10 w-32 rounded-md border border-slate-300 px-3 text-sm"
          />
          <span className="text-sm text-slate-700">USD</span>
        </div>
        {error ? (
          <p id={ids.error} className="text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </div>
      <SaveBar label="Save limit" pending={pending} status={status} />
    </form>
  );
}
