"use client";

import { useState } from "react";
import { TextField } from "@/components/ui/controls";
import { SaveBar } from "@/components/ui/save-bar";
import { formatMoney } from "@/lib/domain/money";
import { parseMoneyInput } from "@/lib/domain/money-input";
import { useSaveSettings } from "../settings/use-save-settings";

/** The approver limit is a setting like the others: saved through /api/settings and audited. */
export function ApproverLimitForm({ approverLimitCents }: { approverLimitCents: number }) {
  const [value, setValue] = useState((approverLimitCents / 100).toFixed(2));
  const { form, errors, outcome, pending, save } = useSaveSettings<"limit">(
    () =>
      `Saved: approvers now approve up to ${formatMoney(parseMoneyInput(value) ?? approverLimitCents)}.`,
  );

  return (
    <form
      ref={form}
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        const cents = parseMoneyInput(value);
        void save(
          cents === null ? { limit: "Enter an amount in dollars and cents, e.g. 500.00." } : {},
          {
            approverLimitCents: cents ?? undefined,
          },
        );
      }}
    >
      <TextField
        label="Approver limit"
        hint={`An approver approves refunds up to this amount; a larger one needs an admin. Now ${formatMoney(approverLimitCents)}.`}
        error={errors.limit}
        suffix="USD"
        inputMode="decimal"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="w-32"
      />
      <SaveBar label="Save limit" pending={pending} outcome={outcome} />
    </form>
  );
}
