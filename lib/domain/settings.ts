import { z } from "zod";
import { centsSchema } from "./money";
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
  autoApproveLimitCents: centsSchema,
  /**
   * A confirmed chat refund whose reason blames the merchant (damaged, wrong item, not as
   * described) runs without an approver only up to this amount. At $0.00 every one waits for a
   * person: the reason was read from the customer's words, and words alone never move that money.
   */
  merchantFaultAutoApproveLimitCents: centsSchema,
  quoteHoldMinutes: z
    .int()
    .min(1)
    .max(24 * 60),
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
  autoApproveLimitCents: 2500,
  merchantFaultAutoApproveLimitCents: 0,
  quoteHoldMinutes: 10,
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

export function computeQuoteExpiry(
  now: Date,
  settings: Pick<DomainSettings, "quoteHoldMinutes">,
): Date {
  return addMinutes(now, settings.quoteHoldMinutes);
}

/** A chat session is over once the customer has been silent for `chatIdleMinutes`. */
export function isChatSessionIdle(
  lastCustomerActivityAt: Date,
  now: Date,
  settings: Pick<DomainSettings, "chatIdleMinutes">,
): boolean {
  return now.getTime() >= addMinutes(lastCustomerActivityAt, settings.chatIdleMinutes).getTime();
}
