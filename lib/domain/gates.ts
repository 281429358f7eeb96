import { z } from "zod";
import type { Cents } from "./money";
import type { Channel } from "./order-facts";
import { channelAlwaysNeedsApproval, type PolicyDocument } from "./policy-document";
import { blamesMerchant, type RefundReason } from "./policy-rules";

/** Which people must say yes before a refund may execute. */
export const gatesSchema = z.object({
  customerConfirmation: z.boolean(),
  staffApproval: z.boolean(),
});
export type Gates = z.infer<typeof gatesSchema>;

/**
 * Chat customers confirm the exact quote themselves; larger amounts also need an approver, and so
 * does a reason that blames the merchant above its own limit ($0.00 under v1), and whatever the
 * policy sends to a person always. Email has no live confirmation step, so a person on staff
 * always countersigns instead.
 */
export function requiredGates(
  channel: Channel,
  netRefundCents: Cents,
  reason: RefundReason,
  policy: PolicyDocument,
): Gates {
  const { approval } = policy;
  if (channel === "email") {
    return { customerConfirmation: false, staffApproval: true };
  }
  const overLimit = netRefundCents > approval.autoApproveLimitCents;
  const merchantFaultOverLimit =
    blamesMerchant(policy, reason) && netRefundCents > approval.merchantFaultAutoApproveLimitCents;
  const always =
    channelAlwaysNeedsApproval(policy, channel) || approval.alwaysApproveReasons.includes(reason);
  return {
    customerConfirmation: true,
    staffApproval: overLimit || merchantFaultOverLimit || always,
  };
}
