import type { OrderFacts, OrderLineFacts } from "./order-facts";
import { POLICY_SECTION_IDS, type PolicySectionId } from "./policy-reasons";

export type DenyCode =
  | "NO_LINES_SELECTED"
  | "NOT_DELIVERED"
  | "UNKNOWN_LINE"
  | "FINAL_SALE"
  | "ALREADY_REFUNDED"
  | "OUTSIDE_WINDOW"
  | "NOTHING_TO_REFUND";

/**
 * What a reason's wording is made of, so it can be said in the customer's language
 * (`describeDenyReason`): the item and order named, the days counted and, for a category with its
 * own window, that category's name (the policy catalog's key) and the merchant's label for it.
 */
export type DenyParams = {
  item?: string;
  orderNumber?: string;
  days?: number;
  windowDays?: number;
  scopeCategory?: string;
  scopeLabel?: string;
};

/** Why the policy refuses a line (or the whole request, when `lineId` is absent). */
export type DenyReason = {
  lineId?: string;
  code: DenyCode;
  sectionId: PolicySectionId;
  /** Written in English for staff, the model and English customers; safe to show verbatim. */
  message: string;
  params: DenyParams;
};

export function denyNoLinesSelected(): DenyReason {
  return {
    code: "NO_LINES_SELECTED",
    sectionId: POLICY_SECTION_IDS.reasons,
    message: "No items were selected for a refund. Tell us which items you would like to return.",
    params: {},
  };
}

export function denyNotDelivered(order: Pick<OrderFacts, "orderNumber">): DenyReason {
  return {
    code: "NOT_DELIVERED",
    sectionId: POLICY_SECTION_IDS.window,
    message: `Order ${order.orderNumber} has not been delivered yet, so it cannot be returned yet.`,
    params: { orderNumber: order.orderNumber },
  };
}

export function denyUnknownLine(
  lineId: string,
  order: Pick<OrderFacts, "orderNumber">,
): DenyReason {
  return {
    lineId,
    code: "UNKNOWN_LINE",
    sectionId: POLICY_SECTION_IDS.exclusions,
    message: `We could not find that item on order ${order.orderNumber}.`,
    params: { orderNumber: order.orderNumber },
  };
}

export function denyFinalSale(line: OrderLineFacts): DenyReason {
  return {
    lineId: line.lineId,
    code: "FINAL_SALE",
    sectionId: POLICY_SECTION_IDS.exclusions,
    message: `${line.name} is a final-sale item and cannot be refunded.`,
    params: { item: line.name },
  };
}

export function denyAlreadyRefunded(line: OrderLineFacts): DenyReason {
  return {
    lineId: line.lineId,
    code: "ALREADY_REFUNDED",
    sectionId: POLICY_SECTION_IDS.exclusions,
    message: `${line.name} has already been refunded.`,
    params: { item: line.name },
  };
}

export function denyOutsideWindow(
  line: OrderLineFacts,
  daysSinceDelivery: number,
  windowDays: number,
  /** The category named when its window is its own: "electronics". */
  scopeLabel: string | null,
): DenyReason {
  const scope = scopeLabel === null ? "" : ` for ${scopeLabel}`;
  return {
    lineId: line.lineId,
    code: "OUTSIDE_WINDOW",
    sectionId: POLICY_SECTION_IDS.window,
    message: `${line.name} was delivered ${daysSinceDelivery} days ago, outside the ${windowDays}-day return window${scope}.`,
    params: {
      item: line.name,
      days: daysSinceDelivery,
      windowDays,
      ...(scopeLabel === null ? {} : { scopeCategory: line.category, scopeLabel }),
    },
  };
}

export function denyNothingToRefund(): DenyReason {
  return {
    code: "NOTHING_TO_REFUND",
    sectionId: POLICY_SECTION_IDS.overview,
    message: "There is no amount to refund for the selected items.",
    params: {},
  };
}
