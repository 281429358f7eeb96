"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { SaveBar, type SaveStatus } from "@/components/ui/save-bar";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import {
  RETENTION_MAX_DAYS,
  RETENTION_SETTING_KEYS,
  type RetentionSettings,
  settingsSchema,
} from "@/lib/domain/settings";

type Key = keyof RetentionSettings;

const FIELDS: Record<Key, { label: string; hint: string }> = {
  runStepRetentionDays: {
    label: "Run steps",
    hint: "The agent's recorded steps (model output, tool calls and results) of finished runs. The run's totals and every message stay.",
  },
  closedTranscriptRetentionDays: {
    label: "Closed-conversation transcripts",
    hint: "All run steps of a solved or resolved conversation, counted from its last message.",
  },
  realtimeEventRetentionDays: {
    label: "Realtime events",
    hint: "Live updates kept for tabs that reconnect; an older tab reloads instead.",
  },
  idempotencyReceiptRetentionDays: {
    label: "Idempotency receipts",
    hint: "Payment and webhook receipts that answer a repeated request.",
  },
};

// The domain's schema decides the bounds, so this form cannot drift from the server.
function parseDays(key: Key, text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const parsed = settingsSchema.shape[key].safeParse(Number(text.trim()));
  return parsed.success ? parsed.data : null;
}

export function RetentionForm({ settings }: { settings: RetentionSettings }) {
  const router = useRouter();
  const [values, setValues] = useState<Record<Key, string>>(
    () =>
      Object.fromEntries(
        RETENTION_SETTING_KEYS.map((key) => [key, String(settings[key])]),
      ) as Record<Key, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const [pending, setPending] = useState(false);
  const baseId = useId();

  async function save() {
    const parsed: Partial<RetentionSettings> = {};
    const found: Partial<Record<Key, string>> = {};
    for (const key of RETENTION_SETTING_KEYS) {
      const days = parseDays(key, values[key]);
      if (days === null) found[key] = `Enter whole days from 1 to ${RETENTION_MAX_DAYS}.`;
      else parsed[key] = days;
    }
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    const result = await sendJson<{ changed: string[] }>("/api/settings", parsed);
    setPending(false);
    if (!result.ok) {
      setStatus({ tone: "danger", text: `Not saved. ${describeProblem(result.problem)}` });
      return;
    }
    const changed = result.data.changed.filter((key): key is Key => key in FIELDS);
    setStatus({
      tone: "success",
      text:
        changed.length === 0
          ? "Nothing changed."
          : `Saved: ${changed.map((key) => FIELDS[key].label.toLowerCase()).join(", ")}.`,
    });
    router.refresh();
  }

  return (
    <form
      noValidate
      aria-label="Retention periods"
      className="max-w-xl space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {RETENTION_SETTING_KEYS.map((key) => {
        const id = `${baseId}-${key}`;
        const hintId = `${id}-hint`;
        const errorId = `${id}-error`;
        return (
          <div key={key} className="space-y-1">
            <label htmlFor={id} className="block text-sm font-medium text-slate-900">
              {FIELDS[key].label}
            </label>
            <p id={hintId} className="text-sm text-slate-600">
              {FIELDS[key].hint}
            </p>
            <div className="flex items-center gap-2">
              <input
                id={id}
                name={key}
                inputMode="numeric"
                value={values[key]}
                onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                aria-invalid={errors[key] ? true : undefined}
                aria-describedby={errors[key] ? `${hintId} ${errorId}` : hintId}
                className="min-h-10 w-32 rounded-md border border-slate-300 px-3 text-sm"
              />
              <span className="text-sm text-slate-700">days</span>
            </div>
            {errors[key] ? (
              <p id={errorId} className="text-sm text-red-800">
                {errors[key]}
              </p>
            ) : null}
          </div>
        );
      })}
      <SaveBar label="Save retention periods" pending={pending} status={status} />
    </form>
  );
}
