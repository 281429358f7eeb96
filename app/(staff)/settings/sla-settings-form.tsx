"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextAreaField, TextField } from "@/components/ui/controls";
import type { Outcome } from "@/components/ui/form-message";
import { SaveBar } from "@/components/ui/save-bar";
import { useFocusFirstInvalid } from "@/components/ui/use-focus-first-invalid";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import { SLA_CHANNELS, type SlaSettings, slaSettingsSchema } from "@/lib/domain/sla/sla-settings";
import type { SlaSettingsSaved } from "@/lib/server/services/sla/update-sla-settings";

// Monday first, as people read a week; the stored index is JavaScript's (0 is Sunday).
const WEEK = [
  [1, "Monday"],
  [2, "Tuesday"],
  [3, "Wednesday"],
  [4, "Thursday"],
  [5, "Friday"],
  [6, "Saturday"],
  [0, "Sunday"],
] as const;

const CHANNEL_NAMES = { chat: "Chat", email: "Email" } as const;

type Day = { open: boolean; opens: string; closes: string };
type Target = { enabled: boolean; firstReply: string; resolution: string };
type Form = {
  timeZone: string;
  days: Day[];
  holidays: string;
  nearBreachPercent: string;
  targets: Record<(typeof SLA_CHANNELS)[number], Target>;
};

function formOf(settings: SlaSettings): Form {
  return {
    timeZone: settings.calendar.timeZone,
    days: settings.calendar.weeklyHours.map((hours) => ({
      open: hours !== null,
      opens: hours?.opens ?? "09:00",
      closes: hours?.closes ?? "17:00",
    })),
    holidays: settings.calendar.holidays.join("\n"),
    nearBreachPercent: String(settings.nearBreachPercent),
    targets: {
      chat: targetOf(settings.targets.chat),
      email: targetOf(settings.targets.email),
    },
  };
}

function targetOf(target: SlaSettings["targets"]["chat"]): Target {
  return {
    enabled: target.enabled,
    firstReply: String(target.firstReplyMinutes),
    resolution: String(target.resolutionMinutes),
  };
}

function settingsOf(form: Form): unknown {
  const target = (value: Target) => ({
    enabled: value.enabled,
    firstReplyMinutes: Number(value.firstReply),
    resolutionMinutes: Number(value.resolution),
  });
  return {
    calendar: {
      timeZone: form.timeZone.trim(),
      weeklyHours: form.days.map((day) =>
        day.open ? { opens: day.opens, closes: day.closes } : null,
      ),
      holidays: form.holidays
        .split(/[\s,]+/)
        .map((date) => date.trim())
        .filter(Boolean),
    },
    targets: { chat: target(form.targets.chat), email: target(form.targets.email) },
    nearBreachPercent: Number(form.nearBreachPercent),
  };
}

/** The field a validation issue belongs to, by the name its input carries. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second, third] = path.map(String);
  if (first === "calendar" && second === "weeklyHours") return `day-${third}`;
  if (first === "calendar") return second ?? "timeZone";
  if (first === "targets") return `${second}-${path.map(String)[2]}`;
  return first ?? "form";
}

/** The SLA targets per channel and the business calendar they count in, saved as a whole. */
export function SlaSettingsForm({ settings }: { settings: SlaSettings }) {
  const router = useRouter();
  const [form, setForm] = useState(() => formOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const { form: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const ids = { status: useId(), alert: useId() };

  async function submit() {
    setOutcome(null);
    const parsed = slaSettingsSchema.safeParse(settingsOf(form));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[fieldOf(issue.path)] ??= issue.message;
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setPending(true);
    const result = await sendJson<SlaSettingsSaved>("/api/settings/sla", parsed.data);
    setPending(false);
    if (!result.ok) {
      setOutcome({ tone: "danger", text: `Not saved. ${describeProblem(result.problem)}` });
      return;
    }
    setOutcome({
      tone: "success",
      text: result.data.changed
        ? `Saved. Due times of ${result.data.recomputedTickets} open tickets were recomputed.`
        : "Nothing changed.",
    });
    router.refresh();
  }

  const setDay = (index: number, change: Partial<Day>) =>
    setForm({
      ...form,
      days: form.days.map((day, at) => (at === index ? { ...day, ...change } : day)),
    });
  const setTarget = (channel: keyof Form["targets"], change: Partial<Target>) =>
    setForm({
      ...form,
      targets: { ...form.targets, [channel]: { ...form.targets[channel], ...change } },
    });

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="SLA targets and business hours"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Targets per channel</legend>
        {SLA_CHANNELS.map((channel) => (
          <div key={channel} className="flex flex-wrap items-end gap-4">
            <CheckboxField
              label={`${CHANNEL_NAMES[channel]} SLA on`}
              name={`${channel}-enabled`}
              checked={form.targets[channel].enabled}
              onChange={(event) => setTarget(channel, { enabled: event.target.checked })}
            />
            <TextField
              label={`${CHANNEL_NAMES[channel]} first reply`}
              name={`${channel}-firstReplyMinutes`}
              inputMode="numeric"
              suffix="business minutes"
              error={errors[`${channel}-firstReplyMinutes`]}
              value={form.targets[channel].firstReply}
              onChange={(event) => setTarget(channel, { firstReply: event.target.value })}
              className="w-24"
            />
            <TextField
              label={`${CHANNEL_NAMES[channel]} resolution`}
              name={`${channel}-resolutionMinutes`}
              inputMode="numeric"
              suffix="business minutes"
              error={errors[`${channel}-resolutionMinutes`]}
              value={form.targets[channel].resolution}
              onChange={(event) => setTarget(channel, { resolution: event.target.value })}
              className="w-24"
            />
          </div>
        ))}
        <TextField
          label="Breaching soon at"
          name="nearBreachPercent"
          inputMode="numeric"
          suffix="% of a target used"
          error={errors.nearBreachPercent}
          value={form.nearBreachPercent}
          onChange={(event) => setForm({ ...form, nearBreachPercent: event.target.value })}
          className="w-20"
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Business hours</legend>
        <TextField
          label="Time zone"
          hint="An IANA name, such as Europe/Berlin or America/New_York."
          name="timeZone"
          error={errors.timeZone}
          value={form.timeZone}
          onChange={(event) => setForm({ ...form, timeZone: event.target.value })}
          className="w-64 max-w-full"
        />
        <ul className="space-y-2">
          {WEEK.map(([index, name]) => {
            const day = form.days[index] as Day;
            return (
              <li key={name} className="flex flex-wrap items-end gap-3">
                <div className="w-32 pb-2">
                  <CheckboxField
                    label={name}
                    name={`day-${index}-open`}
                    checked={day.open}
                    onChange={(event) => setDay(index, { open: event.target.checked })}
                  />
                </div>
                {day.open ? (
                  <>
                    <TextField
                      label={`${name} opens`}
                      type="time"
                      name={`day-${index}`}
                      error={errors[`day-${index}`]}
                      value={day.opens}
                      onChange={(event) => setDay(index, { opens: event.target.value })}
                      className="w-32"
                    />
                    <TextField
                      label={`${name} closes`}
                      type="time"
                      name={`day-${index}-closes`}
                      value={day.closes}
                      onChange={(event) => setDay(index, { closes: event.target.value })}
                      className="w-32"
                    />
                  </>
                ) : (
                  <span className="pb-2 text-sm text-slate-600">Closed</span>
                )}
              </li>
            );
          })}
        </ul>
        <TextAreaField
          label="Holidays"
          hint="Dates in the time zone above, one a line, such as 2026-12-25. Nothing counts on them."
          name="holidays"
          error={errors.holidays}
          value={form.holidays}
          rows={3}
          onChange={(event) => setForm({ ...form, holidays: event.target.value })}
          className="w-64 max-w-full font-mono"
        />
      </fieldset>
      <SaveBar
        label="Save SLA settings"
        pending={pending}
        outcome={outcome}
        statusId={ids.status}
        alertId={ids.alert}
      />
    </form>
  );
}
