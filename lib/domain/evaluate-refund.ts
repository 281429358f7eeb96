import {
  type DenyReason,
  denyNoLinesSelected,
  denyNotDelivered,
  denyNothingToRefund,
  denyUnknownLine,
} from "./deny-reasons";
import { type Gates, requiredGates } from "./gates";
import { assessLine, type LineAssessment } from "./line-eligibility";
import { feeHalfUp } from "./money";
import { assertOrderFacts, type Channel, type OrderFacts } from "./order-facts";
import type { RefundPolicy } from "./policy-document";
import { feeRateFor, type RefundReason, refundsShipping } from "./policy-rules";
import type { Quote, QuoteLine } from "./quote";

export type EvaluateRefundInput = {
  order: OrderFacts;
  selectedLineIds: readonly string[];
  reason: RefundReason;
  channel: Channel;
  now: Date;
  /** The policy the quote is made under; its version is pinned on the quote. */
  policy: RefundPolicy;
};

export type RefundDecision =
  | { kind: "deny"; policyVersion: string; reasons: DenyReason[] }
  | { kind: "quote"; policyVersion: string; quote: Quote; refused: DenyReason[]; gates: Gates };

function quoteLine(
  assessment: LineAssessment,
  reason: RefundReason,
  policy: RefundPolicy,
): QuoteLine {
  const { line } = assessment;
  const subtotalCents = assessment.remainingQuantity * line.unitPriceCents;
  const feeRateBasisPoints = feeRateFor(policy.document, reason, line);
  return {
    lineId: line.lineId,
    name: line.name,
    quantity: assessment.remainingQuantity,
    unitPriceCents: line.unitPriceCents,
    subtotalCents,
    feeRateBasisPoints,
    feeCents: feeHalfUp(subtotalCents, feeRateBasisPoints),
  };
}

/**
 * Applies a refund policy document. Decides which selected lines are refundable and computes every amount.
 * Refused lines are reported alongside the quote; only when nothing is refundable is the whole
 * request denied. A selected line refunds all of its not-yet-refunded units.
 */
export function evaluateRefund(input: EvaluateRefundInput): RefundDecision {
  const { order, reason, now, policy } = input;
  assertOrderFacts(order);
  const policyVersion = policy.version;
  const selectedLineIds = [...new Set(input.selectedLineIds)];
  if (selectedLineIds.length === 0) {
    return { kind: "deny", policyVersion, reasons: [denyNoLinesSelected()] };
  }

  const refused: DenyReason[] = order.deliveredAt === null ? [denyNotDelivered(order)] : [];
  const eligible: LineAssessment[] = [];
  for (const lineId of selectedLineIds) {
    const line = order.lines.find((candidate) => candidate.lineId === lineId);
    if (line === undefined) {
      refused.push(denyUnknownLine(lineId, order));
      continue;
    }
    const assessment = assessLine(line, order, now, policy.document);
    refused.push(...assessment.reasons);
    if (assessment.reasons.length === 0 && order.deliveredAt !== null) {
      eligible.push(assessment);
    }
  }
  if (eligible.length === 0) {
    return { kind: "deny", policyVersion, reasons: refused };
  }

  const lines = eligible.map((assessment) => quoteLine(assessment, reason, policy));
  const subtotalCents = lines.reduce((total, line) => total + line.subtotalCents, 0);
  const feeCents = lines.reduce((total, line) => total + line.feeCents, 0);
  // Shipping comes back once per order, with the first refund whose reason pays it.
  const shippingRefundCents =
    refundsShipping(policy.document, reason) && !order.shippingAlreadyRefunded
      ? order.shippingCents
      : 0;
  const netRefundCents = subtotalCents - feeCents + shippingRefundCents;
  if (netRefundCents === 0) {
    return { kind: "deny", policyVersion, reasons: [...refused, denyNothingToRefund()] };
  }

  const quote: Quote = {
    policyVersion,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    customerId: order.customerId,
    currency: order.currency,
    lines,
    reason,
    subtotalCents,
    feeCents,
    shippingRefundCents,
    netRefundCents,
    refundTarget: order.paymentMethodLabel,
  };
  return {
    kind: "quote",
    policyVersion,
    quote,
    refused,
    gates: requiredGates(input.channel, netRefundCents, reason, policy.document),
  };
}
