import { type Cents, formatMoney } from "./money";
import type { Channel } from "./order-facts";
import type { PolicyDocument } from "./policy-document";
import { REFUND_REASON_LABELS, type RefundReason } from "./policy-reasons";

export type ApprovalGateInput = {
  channel: Channel;
  netRefundCents: Cents;
  currency: string;
  reason: RefundReason;
  /** The policy the quote was made under. */
  policy: PolicyDocument;
  /** Staff confirmed the quote for the customer, so someone else countersigns. */
  confirmedByStaff: boolean;
  /** The agent, not the customer, chose a reason that pays more. */
  unstatedMerchantFault: boolean;
};

/*
 * Why a refund waits for a person: the rule that sent it here, in the order the rules are
 * checked. A gate is how the product works, not a warning about the customer, so it is said
 * plainly and apart from the risk signals.
 */
export function approvalGateText(input: ApprovalGateInput): string {
  const money = (cents: Cents) => formatMoney(cents, input.currency);
  const { approval, reasons } = input.policy;
  if (input.netRefundCents > approval.autoApproveLimitCents) {
    return `Needs approval: over the ${money(approval.autoApproveLimitCents)} auto-approve limit`;
  }
  if (input.channel === "email") {
    return "Needs approval: every email refund is countersigned";
  }
  if (approval.alwaysApproveChannels.includes(input.channel)) {
    return `Needs approval: the policy sends every ${input.channel} refund to a person`;
  }
  if (approval.alwaysApproveReasons.includes(input.reason)) {
    return `Needs approval: the policy sends every "${REFUND_REASON_LABELS[input.reason]}" refund to a person`;
  }
  if (input.confirmedByStaff) {
    return "Needs approval: staff confirmed it for the customer";
  }
  if (input.unstatedMerchantFault) {
    return "Needs approval: the agent chose a reason that pays more";
  }
  if (
    reasons[input.reason].merchantFault &&
    input.netRefundCents > approval.merchantFaultAutoApproveLimitCents
  ) {
    return `Needs approval: over the ${money(approval.merchantFaultAutoApproveLimitCents)} limit for a reason that is the merchant's fault`;
  }
  return "Needs approval";
}
