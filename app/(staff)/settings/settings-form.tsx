"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { SaveBar, type SaveStatus } from "@/components/ui/save-bar";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { formatMoney } from "@/lib/domain/money";
import { parseMoneyInput } from "@/lib/domain/money-input";
import { type DomainSettings, settingsSchema } from "@/lib/domain/settings";

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
  const router = useRouter();
  const [values, setValues] = useState<Record<Field, string>>({
    autoApproveLimit: (settings.autoApproveLimitCents / 100).toFixed(2),
    merchantFaultAutoApproveLimit: (settings.merchantFaultAutoApproveLimitCents / 100).toFixed(2),
    quoteHoldMinutes: String(settings.quoteHoldMinutes),
    chatIdleMinutes: String(settings.chatIdleMinutes),
  });
  const [staffMayActForCustomer, setStaffMayActForCustomer] = useState(
    settings.staffMayActForCustomer,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const [pending, setPending] = useState(false);
  const ids = {
    limit: useId(),
    merchantFaultLimit: useId(),
    hold: useId(),
    idle: useId(),
    actForCustomer: useId(),
    status: useId(),
  };

  async function save() {
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
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    const result = await sendJson<{ settings: DomainSettings; changed: (keyof DomainSettings)[] }>(
      "/api/settings",
      {
        autoApproveLimitCents: limit,
        merchantFaultAutoApproveLimitCents: merchantFaultLimit,
        quoteHoldMinutes: hold,
        chatIdleMinutes: idle,
        staffMayActForCustomer,
      },
    );
    setPending(false);
    if (!result.ok) {
      setStatus({ tone: "danger", text: `Not saved. ${describeProblem(result.problem)}` });
      return;
    }
    const { changed } = result.data;
    setStatus({
      tone: "success",
      text:
        changed.length === 0
          ? "Nothing changed."
          : `Saved: ${changed.map((key) => LABELS[key].toLowerCase()).join(", ")}.`,
    });
    router.refresh();
  }

  function field(name: Field, id: string, label: string, hint: string, suffix: string) {
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    return (
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
        <div className="flex items-center gap-2">
          <input
            id={id}
            name={name}
            inputMode={name.endsWith("Limit") ? "decimal" : "numeric"}
            value={values[name]}
            onChange={(event) => setValues({ ...values, [name]: event.target.value })}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `${hintId} ${errorId}` : hintId}
            className="min-h-10 w-32 rounded-md border border-slate-300 px-3 text-sm"
          />
          <span className="text-sm text-slate-700">{suffix}</span>
        </div>
        {errors[name] ? (
          <p id={errorId} className="text-sm text-red-800">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form
      noValidate
      className="max-w-xl space-y-5"
      aria-describedby={status ? ids.status : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {field(
        "autoApproveLimit",
        ids.limit,
        "Auto-approve limit",
        `A confirmed chat refund up to this amount runs without a staff approver; above it, an approver decides. Email refunds always need one. Now ${formatMoney(settings.autoApproveLimitCents)}.`,
        "USD",
      )}
      {field(
        "merchantFaultAutoApproveLimit",
        ids.merchantFaultLimit,
        "Auto-approve merchant-fault refunds up to",
        `A confirmed chat refund whose reason is our fault (arrived damaged, wrong item sent, not as described) runs without a staff approver only up to this amount, and never above the auto-approve limit. At $0.00 every such refund waits for an approver. Now ${formatMoney(settings.merchantFaultAutoApproveLimitCents)}.`,
        "USD",
      )}
      {field(
        "quoteHoldMinutes",
        ids.hold,
        "Quote hold",
        "How long a customer has to confirm a quote after it is first shown.",
        "minutes",
      )}
      {field(
        "chatIdleMinutes",
        ids.idle,
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
      <SaveBar label="Save settings" pending={pending} status={status} statusId={ids.status} />
    </form>
  );
}
