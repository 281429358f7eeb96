import { type DenyReason, denyNotDelivered } from "./deny-reasons";
import { assessLine, daysSinceDelivery } from "./line-eligibility";
import type { Cents } from "./money";
import { assertOrderFacts, type OrderFacts } from "./order-facts";
import type { RefundPolicy } from "./policy-document";
import { customerReasonFeeRate } from "./policy-rules";

export type PolicyFactsLine = {
  lineId: string;
  name: string;
  category: string;
  quantity: number;
  remainingQuantity: number;
  unitPriceCents: Cents;
  windowDays: number;
  daysLeftInWindow: number | null;
  refundable: boolean;
  /** Remaining units × unit price, before any return fee. 0 when the line is not refundable. */
  refundableCents: Cents;
  /** The fee that applies if the customer's reason is their own, not the merchant's fault. */
  customerReasonFeeRateBasisPoints: number;
  reasons: DenyReason[];
};

/** What the `check_refund_policy` tool shows the model, so it never has to compute a date or fee. */
export type PolicyFacts = {
  policyVersion: string;
  orderId: string;
  orderNumber: string;
  currency: string;
  delivered: boolean;
  daysSinceDelivery: number | null;
  lines: PolicyFactsLine[];
  refundableLineIds: string[];
  /** Sum of refundable lines before fees; the most a refund of this order can return for items. */
  remainingRefundableCents: Cents;
  /** Shipping a refund for a reason that pays it would add; 0 once it has been reimbursed. */
  shippingRefundableCents: Cents;
  denyReasons: DenyReason[];
};

export function policyFacts(order: OrderFacts, now: Date, policy: RefundPolicy): PolicyFacts {
  assertOrderFacts(order);
  const delivered = order.deliveredAt !== null;
  const lines = order.lines.map((line): PolicyFactsLine => {
    const assessment = assessLine(line, order, now, policy.document);
    const refundable = delivered && assessment.reasons.length === 0;
    return {
      lineId: line.lineId,
      name: line.name,
      category: line.category,
      quantity: line.quantity,
      remainingQuantity: assessment.remainingQuantity,
      unitPriceCents: line.unitPriceCents,
      windowDays: assessment.windowDays,
      daysLeftInWindow: assessment.daysLeftInWindow,
      refundable,
      refundableCents: refundable ? assessment.remainingQuantity * line.unitPriceCents : 0,
      customerReasonFeeRateBasisPoints: customerReasonFeeRate(policy.document, line),
      reasons: assessment.reasons,
    };
  });
  const refundableLines = lines.filter((line) => line.refundable);
  return {
    policyVersion: policy.version,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    currency: order.currency,
    delivered,
    daysSinceDelivery: daysSinceDelivery(order, now),
    lines,
    refundableLineIds: refundableLines.map((line) => line.lineId),
    remainingRefundableCents: refundableLines.reduce(
      (total, line) => total + line.refundableCents,
      0,
    ),
    shippingRefundableCents:
      refundableLines.length > 0 && !order.shippingAlreadyRefunded ? order.shippingCents : 0,
    denyReasons: [
      ...(delivered ? [] : [denyNotDelivered(order)]),
      ...lines.flatMap((line) => line.reasons),
    ],
  };
}
