import { type Cents, formatMoney } from "./money";
import type { Channel } from "./order-facts";

export type ApprovalGateInput = {
  channel: Channel;
  netRefundCents: Cents;
  currency: string;
  autoApproveLimitCents: Cents;
  /** Staff confirmed the quote for the customer, so someone else countersigns. */
  confirmedByStaff: boolean;
  /** The agent, not the customer, chose a reason that pays in full. */
  unstatedMerchantFault: boolean;
};

/*
 * Why a refund waits for a person: the rule that sent it here, in the order the rules are
 * checked. A gate is how the product works, not a warning about the customer, so it is said
 * plainly and apart from the risk signals.
 */
export function approvalGateText(input: ApprovalGateInput): string {
  const money = (cents: Cents) => formatMoney(cents, input.currency);
  if (input.netRefundCents > input.autoApproveLimitCents) {
    return `Needs approval: over the ${money(input.autoApproveLimitCents)} auto-approve limit`;
  }
  if (input.channel === "email") {
    return "Needs approval: every email refund is countersigned";
  }
  if (input.confirmedByStaff) {
    return "Needs approval: staff confirmed it for the customer";
  }
  if (input.unstatedMerchantFault) {
    return "Needs approval: the agent chose a reason that pays in full";
  }
  return "Needs approval";
}
