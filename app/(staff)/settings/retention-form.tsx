"use client";

import { useState } from "react";
import { TextField } from "@/components/ui/controls";
import { SaveBar } from "@/components/ui/save-bar";
import {
  RETENTION_MAX_DAYS,
  RETENTION_SETTING_KEYS,
  type RetentionSettings,
  settingsSchema,
} from "@/lib/domain/settings";
import { useSaveSettings } from "./use-save-settings";

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
  const [values, setValues] = useState<Record<Key, string>>(
    () =>
      Object.fromEntries(
        RETENTION_SETTING_KEYS.map((key) => [key, String(settings[key])]),
      ) as Record<Key, string>,
  );
  const { form, errors, outcome, pending, save } = useSaveSettings<Key>(
    (changed) =>
      `Saved: ${changed
        .filter((key): key is Key => key in FIELDS)
        .map((key) => FIELDS[key].label.toLowerCase())
        .join(", ")}.`,
  );

  async function submit() {
    const parsed: Partial<RetentionSettings> = {};
    const found: Partial<Record<Key, string>> = {};
    for (const key of RETENTION_SETTING_KEYS) {
      const days = parseDays(key, values[key]);
      if (days === null) found[key] = `Enter whole days from 1 to ${RETENTION_MAX_DAYS}.`;
      else parsed[key] = days;
    }
    await save(found, parsed);
  }

  return (
    <form
      ref={form}
      noValidate
      aria-label="Retention periods"
      className="max-w-xl space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {RETENTION_SETTING_KEYS.map((key) => (
        <TextField
          key={key}
          label={FIELDS[key].label}
          hint={FIELDS[key].hint}
          error={errors[key]}
          suffix="days"
          name={key}
          inputMode="numeric"
          value={values[key]}
          onChange={(event) => setValues({ ...values, [key]: event.target.value })}
          className="w-32"
        />
      ))}
      <SaveBar label="Save retention periods" pending={pending} outcome={outcome} />
    </form>
  );
}
