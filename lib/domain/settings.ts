import { z } from "zod";
import { centsSchema } from "./money";
import type { PolicyDocument } from "./policy-document";
import { addMinutes } from "./time";

export const RETENTION_MAX_DAYS = 3650;

const retentionDays = z.int().min(1).max(RETENTION_MAX_DAYS);

/**
 * How long the retention job keeps each kind of operational row, in whole days. Audit events are
 * never pruned; rows an open action or an unreconciled payment needs are kept past these periods.
 */
export const retentionSettingsShape = {
  runStepRetentionDays: retentionDays,
  realtimeEventRetentionDays: retentionDays,
  idempotencyReceiptRetentionDays: retentionDays,
  closedTranscriptRetentionDays: retentionDays,
};

/** Admin-tunable limits. The server stores them; the domain only receives them as values. */
export const settingsSchema = z.object({
  chatIdleMinutes: z
    .int()
    .min(1)
    .max(24 * 60),
  /** The most an approver may approve; a larger refund needs an admin (see approval-limit.ts). */
  approverLimitCents: centsSchema,
  /** In demo mode, whether staff may type as the customer ("Reply as the customer"). */
  staffMayActForCustomer: z.boolean(),
  ...retentionSettingsShape,
});

export type DomainSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Readonly<DomainSettings> = Object.freeze({
  chatIdleMinutes: 30,
  approverLimitCents: 50_000,
  staffMayActForCustomer: true,
  runStepRetentionDays: 90,
  realtimeEventRetentionDays: 1,
  idempotencyReceiptRetentionDays: 30,
  closedTranscriptRetentionDays: 30,
});

export type RetentionSettings = Pick<DomainSettings, keyof typeof retentionSettingsShape>;
export const RETENTION_SETTING_KEYS = Object.keys(retentionSettingsShape) as Array<
  keyof RetentionSettings
>;

/** When a quote made now stops being open, under the policy it was made with. */
export function computeQuoteExpiry(
  now: Date,
  policy: Pick<PolicyDocument, "quoteHoldMinutes">,
): Date {
  return addMinutes(now, policy.quoteHoldMinutes);
}

/** A chat session is over once the customer has been silent for `chatIdleMinutes`. */
export function isChatSessionIdle(
  lastCustomerActivityAt: Date,
  now: Date,
  settings: Pick<DomainSettings, "chatIdleMinutes">,
): boolean {
  return now.getTime() >= addMinutes(lastCustomerActivityAt, settings.chatIdleMinutes).getTime();
}
