import {
  type DomainSettings,
  RETENTION_MAX_DAYS,
  RETENTION_SETTING_KEYS,
  type RetentionSettings,
  settingsSchema,
} from "@/lib/domain/settings";

type WholeNumberSetting = "chatIdleMinutes" | keyof RetentionSettings;

/*
 * A typed whole number, within the bounds the domain's own schema sets for that setting, so a
 * form cannot drift from the server. Null for anything else (decimals, signs, words, out of range).
 */
export function parseWholeNumberSetting(key: WholeNumberSetting, text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const parsed = settingsSchema.shape[key].safeParse(Number(text.trim()));
  return parsed.success ? parsed.data : null;
}

/** What a settings form read from its text boxes: the errors by field, or the change to send. */
export type SettingsInput<Field extends string, Change> = {
  errors: Partial<Record<Field, string>>;
  change: Change;
};

export type GeneralField = "chatIdleMinutes";

type GeneralChange = Partial<Pick<DomainSettings, "chatIdleMinutes">>;

const MINUTES_ERROR = "Enter whole minutes from 1 to 1440.";

/** The general settings form's times (whole minutes). */
export function readGeneralSettings(
  values: Record<GeneralField, string>,
): SettingsInput<GeneralField, GeneralChange> {
  const idle = parseWholeNumberSetting("chatIdleMinutes", values.chatIdleMinutes);
  const errors: Partial<Record<GeneralField, string>> = {};
  if (idle === null) errors.chatIdleMinutes = MINUTES_ERROR;
  return { errors, change: { chatIdleMinutes: idle ?? undefined } };
}

/** The retention form's periods, each in whole days. */
export function readRetentionSettings(
  values: Record<keyof RetentionSettings, string>,
): SettingsInput<keyof RetentionSettings, Partial<RetentionSettings>> {
  const errors: Partial<Record<keyof RetentionSettings, string>> = {};
  const change: Partial<RetentionSettings> = {};
  for (const key of RETENTION_SETTING_KEYS) {
    const days = parseWholeNumberSetting(key, values[key]);
    if (days === null) errors[key] = `Enter whole days from 1 to ${RETENTION_MAX_DAYS}.`;
    else change[key] = days;
  }
  return { errors, change };
}
