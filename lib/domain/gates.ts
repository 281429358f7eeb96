import { z } from "zod";
import type { Cents } from "./money";
import type { Channel } from "./order-facts";
import { blamesMerchant, type RefundReason } from "./policy-rules";
import type { DomainSettings } from "./settings";

/** Which people must say yes before a refund may execute. */
export const gatesSchema = z.object({
  customerConfirmation: z.boolean(),
  staffApproval: z.boolean(),
});
export type Gates = z.infer<typeof gatesSchema>;

export type GateSettings = Pick<
  DomainSettings,
  "autoApproveLimitCents" | "merchantFaultAutoApproveLimitCents"
>;

/**
 * Chat customers confirm the exact quote themselves; larger amounts also need an approver, and so
 * does a reason that blames the merchant above its own limit ($0.00 unless the merchant raised
 * it). Email has no live confirmation step, so a person on staff always countersigns instead.
 */
export function requiredGates(
  channel: Channel,
  netRefundCents: Cents,
  reason: RefundReason,
  settings: GateSettings,
): Gates {
  if (channel === "email") {
    return { customerConfirmation: false, staffApproval: true };
  }
  const overLimit = netRefundCents > settings.autoApproveLimitCents;
  const merchantFaultOverLimit =
    blamesMerchant(reason) && netRefundCents > settings.merchantFaultAutoApproveLimitCents;
  return { customerConfirmation: true, staffApproval: overLimit || merchantFaultOverLimit };
}
