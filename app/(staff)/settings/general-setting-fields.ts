import type { GeneralField } from "@/lib/client/settings-input";
import type { DomainSettings } from "@/lib/domain/settings";

type GeneralSettingField = {
  name: GeneralField;
  setting: keyof DomainSettings;
  hint: (settings: DomainSettings) => string;
  suffix: string;
  inputMode: "decimal" | "numeric";
};

/** The general settings form's text boxes, in order. The refund limits and the quote hold are the refund policy's (Settings → Refund policy). */
export const GENERAL_SETTING_FIELDS: readonly GeneralSettingField[] = [
  {
    name: "chatIdleMinutes",
    setting: "chatIdleMinutes",
    hint: () =>
      "A chat session ends after this long without a customer message; its quotes can no longer be confirmed.",
    suffix: "minutes",
    inputMode: "numeric",
  },
];
