"use client";

import { useId, useState } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextField } from "@/components/ui/controls";
import { joinIds } from "@/components/ui/join-ids";
import { SaveBar } from "@/components/ui/save-bar";
import { type GeneralField, readGeneralSettings } from "@/lib/client/settings-input";
import type { DomainSettings } from "@/lib/domain/settings";
import { GENERAL_SETTING_FIELDS } from "./general-setting-fields";
import { describeSaved, SETTING_LABELS } from "./setting-labels";
import { useSaveSettings } from "./use-save-settings";

export function SettingsForm({ settings }: { settings: DomainSettings }) {
  const [values, setValues] = useState<Record<GeneralField, string>>({
    chatIdleMinutes: String(settings.chatIdleMinutes),
  });
  const [staffMayActForCustomer, setStaffMayActForCustomer] = useState(
    settings.staffMayActForCustomer,
  );
  const { form, errors, outcome, pending, save } = useSaveSettings<GeneralField>(describeSaved);
  const ids = { status: useId(), alert: useId() };

  async function submit() {
    const read = readGeneralSettings(values);
    await save(read.errors, { ...read.change, staffMayActForCustomer });
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
      {GENERAL_SETTING_FIELDS.map(({ name, setting, hint, suffix, inputMode }) => (
        <TextField
          key={name}
          label={SETTING_LABELS[setting]}
          hint={hint(settings)}
          error={errors[name]}
          suffix={suffix}
          name={name}
          inputMode={inputMode}
          value={values[name]}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
          className="w-32"
        />
      ))}
      <CheckboxField
        label="Staff may act for a customer in demo mode"
        hint={
          <>
            Shows &ldquo;Reply as the customer&rdquo; on tickets. A confirmation typed this way
            still needs someone else&apos;s approval. When off, staff cannot speak as a customer at
            all.
          </>
        }
        name="staffMayActForCustomer"
        checked={staffMayActForCustomer}
        onChange={(event) => setStaffMayActForCustomer(event.target.checked)}
      />
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
