"use client";

import { useState } from "react";
import { TextField } from "@/components/ui/controls";
import { SaveBar } from "@/components/ui/save-bar";
import { readRetentionSettings } from "@/lib/client/settings-input";
import { RETENTION_SETTING_KEYS, type RetentionSettings } from "@/lib/domain/settings";
import { describeSaved, SETTING_LABELS } from "./setting-labels";
import { useSaveSettings } from "./use-save-settings";

type Key = keyof RetentionSettings;

const HINTS: Record<Key, string> = {
  runStepRetentionDays:
    "The agent's recorded steps (model output, tool calls and results) of finished runs. The run's totals and every message stay.",
  closedTranscriptRetentionDays:
    "All run steps of a solved or resolved conversation, counted from its last message.",
  realtimeEventRetentionDays:
    "Live updates kept for tabs that reconnect; an older tab reloads instead.",
  idempotencyReceiptRetentionDays: "Payment and webhook receipts that answer a repeated request.",
};

const asText = (settings: RetentionSettings): Record<Key, string> => ({
  runStepRetentionDays: String(settings.runStepRetentionDays),
  realtimeEventRetentionDays: String(settings.realtimeEventRetentionDays),
  idempotencyReceiptRetentionDays: String(settings.idempotencyReceiptRetentionDays),
  closedTranscriptRetentionDays: String(settings.closedTranscriptRetentionDays),
});

export function RetentionForm({ settings }: { settings: RetentionSettings }) {
  const [values, setValues] = useState(() => asText(settings));
  const { form, errors, outcome, pending, save } = useSaveSettings<Key>(describeSaved);

  async function submit() {
    const read = readRetentionSettings(values);
    await save(read.errors, read.change);
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
          label={SETTING_LABELS[key]}
          hint={HINTS[key]}
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
