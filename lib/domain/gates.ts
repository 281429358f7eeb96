import { z } from "zod";
import type { Cents } from "./money";
import type { Channel } from "./order-facts";
import type { DomainSettings } from "./settings";

/** Which people must say yes before a refund may execute. */
export const gatesSchema = z.object({
  customerConfirmation: z.boolean(),
  staffApproval: z.boolean(),
});
export type Gates = z.infer<typeof gatesSchema>;

/**
 * Chat customers confirm the exact quote themselves; larger amounts also need an approver.
 * Email has no live confirmation step, so a person on staff always countersigns instead.
 */
export function requiredGates(
  channel: Channel,
  netRefundCents: Cents,
  settings: Pick<DomainSettings, "autoApproveLimitCents">,
): Gates {
  if (channel === "email") {
    return { customerConfirmation: false, staffApproval: true };
  }
  return {
    customerConfirmation: true,
    staffApproval: netRefundCents > settings.autoApproveLimitCents,
  };
}
