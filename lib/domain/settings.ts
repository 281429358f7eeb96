import { z } from "zod";
import { centsSchema } from "./money";
import { addMinutes } from "./time";

/** Admin-tunable limits. The server stores them; the domain only receives them as values. */
export const settingsSchema = z.object({
  autoApproveLimitCents: centsSchema,
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
});

export type DomainSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Readonly<DomainSettings> = Object.freeze({
  autoApproveLimitCents: 2500,
  quoteHoldMinutes: 10,
  chatIdleMinutes: 30,
  approverLimitCents: 50_000,
  staffMayActForCustomer: true,
});

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
