import {
  type DenyReason,
  denyAlreadyRefunded,
  denyFinalSale,
  denyOutsideWindow,
} from "./deny-reasons";
import { type OrderFacts, type OrderLineFacts, remainingQuantity } from "./order-facts";
import type { PolicyDocument } from "./policy-document";
import { isFinalSale, windowDaysFor, windowScopeLabel } from "./policy-rules";
import { wholeDaysBetween } from "./time";

export type LineAssessment = {
  line: OrderLineFacts;
  windowDays: number;
  /** Days of the window still open: 0 on its last day, negative once closed, null before delivery. */
  daysLeftInWindow: number | null;
  remainingQuantity: number;
  /** Every rule the line breaks; empty means refundable. */
  reasons: DenyReason[];
};

export function daysSinceDelivery(
  order: Pick<OrderFacts, "deliveredAt">,
  now: Date,
): number | null {
  return order.deliveredAt === null ? null : wholeDaysBetween(order.deliveredAt, now);
}

/**
 * Applies the per-line rules and reports all of them at once, so a customer hears every reason
 * a line is refused rather than discovering them one by one.
 */
export function assessLine(
  line: OrderLineFacts,
  order: Pick<OrderFacts, "deliveredAt">,
  now: Date,
  policy: PolicyDocument,
): LineAssessment {
  const windowDays = windowDaysFor(policy, line);
  const days = daysSinceDelivery(order, now);
  const reasons: DenyReason[] = [];
  if (isFinalSale(policy, line)) {
    reasons.push(denyFinalSale(line));
  }
  if (remainingQuantity(line) === 0) {
    reasons.push(denyAlreadyRefunded(line));
  }
  if (days !== null && days > windowDays) {
    reasons.push(denyOutsideWindow(line, days, windowDays, windowScopeLabel(policy, line)));
  }
  return {
    line,
    windowDays,
    daysLeftInWindow: days === null ? null : windowDays - days,
    remainingQuantity: remainingQuantity(line),
    reasons,
  };
}
