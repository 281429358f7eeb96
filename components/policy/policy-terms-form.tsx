"use client";

import { CheckboxField } from "@/components/ui/checkbox-field";
import { TextField } from "@/components/ui/controls";
import type {
  PolicyFormErrors,
  PolicyFormValues,
  ReasonValues,
} from "@/lib/client/policy-form-values";
import { channelSchema } from "@/lib/domain/order-facts";
import {
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  type RefundReason,
} from "@/lib/domain/policy-reasons";
import { capitalise } from "@/lib/domain/policy-terms-text";
import { PolicyCategoriesFields } from "./policy-categories-fields";

/** A checkbox's rule break, read out with it and shown under it. */
function checkboxError(error: string | undefined) {
  return error
    ? {
        "aria-invalid": true as const,
        hint: <span className="font-medium text-red-800">{error}</span>,
      }
    : {};
}

const legendClassName = "text-sm font-semibold text-slate-900";

/** The policy's terms as form fields; read-only for someone who may only look. */
export function PolicyTermsForm({
  values,
  errors,
  readOnly,
  onChange,
}: {
  values: PolicyFormValues;
  errors: PolicyFormErrors;
  readOnly: boolean;
  onChange: (values: PolicyFormValues) => void;
}) {
  const setReason = (reason: RefundReason, change: Partial<ReasonValues>) =>
    onChange({
      ...values,
      reasons: { ...values.reasons, [reason]: { ...values.reasons[reason], ...change } },
    });
  const toggle = <T,>(list: readonly T[], item: T, on: boolean): T[] =>
    on ? [...list.filter((entry) => entry !== item), item] : list.filter((entry) => entry !== item);

  return (
    <fieldset disabled={readOnly} className="min-w-0 space-y-8">
      <legend className="sr-only">Policy terms</legend>
      <TextField
        label="Default return window"
        hint="Days from delivery in which a customer may ask for a refund, unless a category sets its own."
        error={errors.defaultWindowDays}
        name="defaultWindowDays"
        inputMode="numeric"
        suffix="days"
        className="w-24"
        value={values.defaultWindowDays}
        onChange={(event) => onChange({ ...values, defaultWindowDays: event.target.value })}
      />

      <fieldset className="min-w-0 space-y-4">
        <legend className={legendClassName}>Reasons</legend>
        <p className="max-w-prose text-sm text-slate-600">
          A merchant-fault reason pays in full and needs the customer&apos;s own words; the
          customer&apos;s own reasons keep one fee between them.
        </p>
        {REFUND_REASONS.map((reason) => {
          const terms = values.reasons[reason];
          const label = capitalise(REFUND_REASON_LABELS[reason]);
          return (
            <fieldset
              key={reason}
              className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3 sm:items-end"
            >
              <legend className="px-1 text-sm font-medium text-slate-900">{label}</legend>
              <CheckboxField
                label="Merchant fault"
                name={`reasons.${reason}.merchantFault`}
                checked={terms.merchantFault}
                onChange={(event) => setReason(reason, { merchantFault: event.target.checked })}
              />
              <TextField
                label={`Fee for "${REFUND_REASON_LABELS[reason]}"`}
                error={errors[`reasons.${reason}.feeRateBasisPoints`]}
                name={`reasons.${reason}.feePercent`}
                inputMode="decimal"
                suffix="%"
                className="w-24"
                value={terms.feePercent}
                onChange={(event) => setReason(reason, { feePercent: event.target.value })}
              />
              <CheckboxField
                label="Refunds shipping"
                name={`reasons.${reason}.refundsShipping`}
                checked={terms.refundsShipping}
                {...checkboxError(errors[`reasons.${reason}.refundsShipping`])}
                onChange={(event) => setReason(reason, { refundsShipping: event.target.checked })}
              />
            </fieldset>
          );
        })}
      </fieldset>

      <PolicyCategoriesFields values={values} errors={errors} onChange={onChange} />

      <fieldset className="min-w-0 space-y-4">
        <legend className={legendClassName}>Approval</legend>
        <TextField
          label="Auto-approve limit"
          hint="A confirmed chat refund up to this amount is paid without an approver."
          error={errors["approval.autoApproveLimitCents"]}
          name="autoApproveLimit"
          inputMode="decimal"
          suffix="USD"
          className="w-32"
          value={values.autoApproveLimit}
          onChange={(event) => onChange({ ...values, autoApproveLimit: event.target.value })}
        />
        <TextField
          label="Merchant-fault auto-approve limit"
          hint="The same for a merchant-fault reason; 0.00 sends every one to a person."
          error={errors["approval.merchantFaultAutoApproveLimitCents"]}
          name="merchantFaultAutoApproveLimit"
          inputMode="decimal"
          suffix="USD"
          className="w-32"
          value={values.merchantFaultAutoApproveLimit}
          onChange={(event) =>
            onChange({ ...values, merchantFaultAutoApproveLimit: event.target.value })
          }
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">
            Channels that always need a person
          </legend>
          {channelSchema.options.map((channel) => (
            <CheckboxField
              key={channel}
              label={channel === "email" ? "Email" : "Chat"}
              name={`alwaysApproveChannels.${channel}`}
              checked={values.alwaysApproveChannels.includes(channel)}
              {...(channel === "email" && checkboxError(errors["approval.alwaysApproveChannels"]))}
              onChange={(event) =>
                onChange({
                  ...values,
                  alwaysApproveChannels: toggle(
                    values.alwaysApproveChannels,
                    channel,
                    event.target.checked,
                  ),
                })
              }
            />
          ))}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">
            Reasons that always need a person
          </legend>
          {REFUND_REASONS.map((reason) => (
            <CheckboxField
              key={reason}
              label={capitalise(REFUND_REASON_LABELS[reason])}
              name={`alwaysApproveReasons.${reason}`}
              checked={values.alwaysApproveReasons.includes(reason)}
              onChange={(event) =>
                onChange({
                  ...values,
                  alwaysApproveReasons: toggle(
                    values.alwaysApproveReasons,
                    reason,
                    event.target.checked,
                  ),
                })
              }
            />
          ))}
        </fieldset>
      </fieldset>

      <TextField
        label="Quote hold"
        hint="How long a customer has to confirm a quote before it expires."
        error={errors.quoteHoldMinutes}
        name="quoteHoldMinutes"
        inputMode="numeric"
        suffix="minutes"
        className="w-24"
        value={values.quoteHoldMinutes}
        onChange={(event) => onChange({ ...values, quoteHoldMinutes: event.target.value })}
      />
    </fieldset>
  );
}
