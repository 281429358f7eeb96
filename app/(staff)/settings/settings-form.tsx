"use client";

import { useId, useState } from "react";
import { TextField } from "@/components/ui/controls";
import { joinIds } from "@/components/ui/field";
import { SaveBar } from "@/components/ui/save-bar";
import { formatMoney } from "@/lib/domain/money";
import { parseMoneyInput } from "@/lib/domain/money-input";
import { type DomainSettings, settingsSchema } from "@/lib/domain/settings";
import { useSaveSettings } from "./use-save-settings";

type Field =
  | "autoApproveLimit"
  | "merchantFaultAutoApproveLimit"
  | "quoteHoldMinutes"
  | "chatIdleMinutes";

const LABELS: Record<keyof DomainSettings, string> = {
  autoApproveLimitCents: "Auto-approve limit",
  merchantFaultAutoApproveLimitCents: "Auto-approve merchant-fault refunds up to",
  quoteHoldMinutes: "Quote hold",
  chatIdleMinutes: "Chat idle timeout",
  approverLimitCents: "Approver limit",
  staffMayActForCustomer: "Staff may act for a customer",
  runStepRetentionDays: "Run steps",
  realtimeEventRetentionDays: "Realtime events",
  idempotencyReceiptRetentionDays: "Idempotency receipts",
  closedTranscriptRetentionDays: "Closed-conversation transcripts",
};

// The domain's own schema decides what is allowed, so the form cannot drift from the server.
function parseMinutes(key: "quoteHoldMinutes" | "chatIdleMinutes", text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const parsed = settingsSchema.shape[key].safeParse(Number(text.trim()));
  return parsed.success ? parsed.data : null;
}

export function SettingsForm({ settings }: { settings: DomainSettings }) {
  const [values, setValues] = useState<Record<Field, string>>({
    autoApproveLimit: (settings.autoApproveLimitCents / 100).toFixed(2),
    merchantFaultAutoApproveLimit: (settings.merchantFaultAutoApproveLimitCents / 100).toFixed(2),
    quoteHoldMinutes: String(settings.quoteHoldMinutes),
    chatIdleMinutes: String(settings.chatIdleMinutes),
  });
  const [staffMayActForCustomer, setStaffMayActForCustomer] = useState(
    settings.staffMayActForCustomer,
  );
  const { form, errors, outcome, pending, save } = useSaveSettings<Field>(
    (changed) => `Saved: ${changed.map((key) => LABELS[key].toLowerCase()).join(", ")}.`,
  );
  const ids = { actForCustomer: useId(), status: useId(), alert: useId() };

  async function submit() {
    const limit = parseMoneyInput(values.autoApproveLimit);
    const merchantFaultLimit = parseMoneyInput(values.merchantFaultAutoApproveLimit);
    const hold = parseMinutes("quoteHoldMinutes", values.quoteHoldMinutes);
    const idle = parseMinutes("chatIdleMinutes", values.chatIdleMinutes);
    const found: Partial<Record<Field, string>> = {};
    if (limit === null)
      found.autoApproveLimit = "Enter an amount in dollars and cents, e.g. 25.00.";
    if (merchantFaultLimit === null)
      found.merchantFaultAutoApproveLimit = "Enter an amount in dollars and cents, e.g. 0.00.";
    if (hold === null) {
      found.quoteHoldMinutes = "Enter whole minutes from 1 to 1440.";
    }
    if (idle === null) {
      found.chatIdleMinutes = "Enter whole minutes from 1 to 1440.";
    }
    await save(found, {
      autoApproveLimitCents: limit ?? undefined,
      merchantFaultAutoApproveLimitCents: merchantFaultLimit ?? undefined,
      quoteHoldMinutes: hold ?? undefined,
      chatIdleMinutes: idle ?? undefined,
      staffMayActForCustomer,
    });
  }

  function field(name: Field, label: string, hint: string, suffix: string) {
    return (
      <TextField
        label={label}
        hint={hint}
        error={errors[name]}
        suffix={suffix}
        name={name}
        inputMode={name.endsWith("Limit") ? "decimal" : "numeric"}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        className="w-32"
      />
    );
  }

  return (
    <form
      ref={form}
      noValidate
      className="max-w-xl space-y-5"
      aria-describedby={outcome ? joinIds(ids.status, ids.alert) : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {field(
        "autoApproveLimit",
        "Auto-approve limit",
        `A confirmed chat refund up to this amount runs without a staff approver; above it, an approver decides. Email refunds always need one. Now ${formatMoney(settings.autoApproveLimitCents)}.`,
        "USD",
      )}
      {field(
        "merchantFaultAutoApproveLimit",
        "Auto-approve merchant-fault refunds up to",
        `A confirmed chat refund whose reason is our fault (arrived damaged, wrong item sent, not as described) runs without a staff approver only up to this amount, and never above the auto-approve limit. At $0.00 every such refund waits for an approver. Now ${formatMoney(settings.merchantFaultAutoApproveLimitCents)}.`,
        "USD",
      )}
      {field(
        "quoteHoldMinutes",
        "Quote hold",
        "How long a customer has to confirm a quote after it is first shown.",
        "minutes",
      )}
      {field(
        "chatIdleMinutes",
        "Chat idle timeout",
        "A chat session ends after this long without a customer message; its quotes can no longer be confirmed.",
        "minutes",
      )}
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <input
            id={ids.actForCustomer}
            name="staffMayActForCustomer"
            type="checkbox"
            checked={staffMayActForCustomer}
            onChange={(event) => setStaffMayActForCustomer(event.target.checked)}
            aria-describedby={`${ids.actForCustomer}-hint`}
            className="size-5 rounded border-slate-300"
          />
          <label htmlFor={ids.actForCustomer} className="text-sm font-medium text-slate-900">
            Staff may act for a customer in demo mode
          </label>
        </div>
        <p id={`${ids.actForCustomer}-hint`} className="text-sm text-slate-600">
          Shows &ldquo;Reply as the customer&rdquo; on tickets. A confirmation typed this way still
          needs someone else&apos;s approval. When off, staff cannot speak as a customer at all.
        </p>
      </div>
      <SaveBar
        label="Save settings"
        pending={pending}
        outcome={outcome}
        statusId={ids.status}
        alertId={ids.alert}
      />
    </form>
  );
}
