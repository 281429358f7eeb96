import type { GeneralField } from "@/lib/client/settings-input";
import { formatMoney } from "@/lib/domain/money";
import type { DomainSettings } from "@/lib/domain/settings";

type GeneralSettingField = {
  name: GeneralField;
  setting: keyof DomainSettings;
  hint: (settings: DomainSettings) => string;
  suffix: string;
  inputMode: "decimal" | "numeric";
};

/** The general settings form's text boxes, in order; money limits say their current amount. */
export const GENERAL_SETTING_FIELDS: readonly GeneralSettingField[] = [
  {
    name: "autoApproveLimit",
    setting: "autoApproveLimitCents",
    hint: (settings) =>
      `A confirmed chat refund up to this amount runs without a staff approver; above it, an approver decides. Email refunds always need one. Now ${formatMoney(settings.autoApproveLimitCents)}.`,
    suffix: "USD",
    inputMode: "decimal",
  },
  {
    name: "merchantFaultAutoApproveLimit",
    setting: "merchantFaultAutoApproveLimitCents",
    hint: (settings) =>
      `A confirmed chat refund whose reason is our fault (arrived damaged, wrong item sent, not as described) runs without a staff approver only up to this amount, and never above the auto-approve limit. At $0.00 every such refund waits for an approver. Now ${formatMoney(settings.merchantFaultAutoApproveLimitCents)}.`,
    suffix: "USD",
    inputMode: "decimal",
  },
  {
    name: "quoteHoldMinutes",
    setting: "quoteHoldMinutes",
    hint: () => "How long a customer has to confirm a quote after it is first shown.",
    suffix: "minutes",
    inputMode: "numeric",
  },
  {
    name: "chatIdleMinutes",
    setting: "chatIdleMinutes",
    hint: () =>
      "A chat session ends after this long without a customer message; its quotes can no longer be confirmed.",
    suffix: "minutes",
    inputMode: "numeric",
  },
];
