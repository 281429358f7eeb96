import { evaluateRefund, type RefundDecision } from "./evaluate-refund";
import type { GateSettings } from "./gates";
import { type OrderFacts, remainingQuantity } from "./order-facts";
import type { PendingActionState } from "./pending-action";
import { isHoldStatus } from "./pending-action-status";
import { hashQuote } from "./quote";

export type RevalidationCode =
  | "NOT_APPROVED"
  | "EXPIRED"
  | "SUPERSEDED"
  | "OUT_OF_SCOPE"
  | "LINE_MISSING"
  | "LINE_ALREADY_REFUNDED"
  | "LINE_IN_FLIGHT"
  | "SHIPPING_ALREADY_REFUNDED"
  | "POLICY_DENIES"
  | "QUOTE_CHANGED"
  | "CONFIRMATION_MISSING"
  | "APPROVAL_MISSING";

export type RevalidationResult =
  | { ok: true }
  | { ok: false; reasons: { code: RevalidationCode; message: string }[] };

/**
 * Re-runs the policy for an action's own request against today's order facts. The window is
 * measured at the time the quote was made: a customer who asked in time is not refused because
 * the approval queue was slow. Refunds made since then do count.
 */
export function rerunPolicyForAction(
  action: Pick<PendingActionState, "quote" | "channel" | "createdAt">,
  order: OrderFacts,
  settings: GateSettings,
): RefundDecision {
  return evaluateRefund({
    order,
    selectedLineIds: action.quote.lines.map((line) => line.lineId),
    reason: action.quote.reason,
    channel: action.channel,
    now: action.createdAt,
    settings,
  });
}

/**
 * The last check before money moves, run on an `approved` action. Reports every problem, not
 * just the first, so the failure reason stored on the action is complete.
 */
export function revalidateForExecution(input: {
  action: PendingActionState;
  /** `rerunPolicyForAction(action, order, settings)`, computed from the same order facts. */
  quoteNow: RefundDecision;
  order: OrderFacts;
  /** The customer verified for the conversation that is asking to execute. */
  conversationCustomerId: string;
  now: Date;
}): RevalidationResult {
  const { action, quoteNow, order, now } = input;
  const reasons: { code: RevalidationCode; message: string }[] = [];
  const fail = (code: RevalidationCode, message: string) => reasons.push({ code, message });

  if (action.status === "superseded" || action.supersededBy !== null) {
    fail("SUPERSEDED", "A newer request replaced this refund");
  }
  const holdLapsed = isHoldStatus(action.status) && now.getTime() >= action.expiresAt.getTime();
  const confirmedLate =
    action.confirmedAt !== null && action.confirmedAt.getTime() >= action.expiresAt.getTime();
  if (action.status === "expired" || holdLapsed || confirmedLate) {
    fail("EXPIRED", "The quote's hold ended before it was confirmed");
  }
  if (action.status !== "approved") {
    fail("NOT_APPROVED", `The refund is ${action.status}, not approved`);
  }

  if (
    input.conversationCustomerId !== action.customerId ||
    order.customerId !== action.customerId ||
    order.orderId !== action.quote.orderId
  ) {
    fail("OUT_OF_SCOPE", "The order does not belong to this conversation's customer");
  }
  for (const quoted of action.quote.lines) {
    const line = order.lines.find((candidate) => candidate.lineId === quoted.lineId);
    if (line === undefined) {
      fail("LINE_MISSING", `${quoted.name} is no longer on the order`);
    } else if (remainingQuantity(line) < quoted.quantity) {
      fail("LINE_ALREADY_REFUNDED", `${quoted.name} has been refunded since the quote was made`);
    }
  }
  if (action.quote.shippingRefundCents > 0 && order.shippingAlreadyRefunded) {
    fail("SHIPPING_ALREADY_REFUNDED", "Shipping for this order has been refunded since the quote");
  }

  if (quoteNow.kind === "deny") {
    fail("POLICY_DENIES", quoteNow.reasons.map((reason) => reason.message).join(" "));
  } else if (
    hashQuote(quoteNow.quote) !== action.quoteHash ||
    hashQuote(action.quote) !== action.quoteHash
  ) {
    fail("QUOTE_CHANGED", "The policy now gives a different quote; the customer must see it again");
  }

  if (action.gates.customerConfirmation && action.confirmedAt === null) {
    fail("CONFIRMATION_MISSING", "The customer has not confirmed this quote");
  }
  // The gates are those of the quote the customer was shown: a limit changed since then is not
  // retroactive, in either direction.
  if (action.gates.staffApproval && action.approvedBy === null) {
    fail("APPROVAL_MISSING", "An approver has not approved this refund");
  }
  return reasons.length === 0 ? { ok: true } : { ok: false, reasons };
}

/**
 * A customer's "yes" accepts a quote only while it is still true. Before the confirmation is
 * stored, the quote's lines are checked against the ledger (`refunded`: succeeded refunds only)
 * and against every other refund already on its way for the same order, in any conversation
 * (`claimed`: the same facts with the lines of other confirmed, approved or paying actions counted
 * as taken). Each reason is a sentence the customer reads; an empty result means the quote holds.
 */
export function revalidateForConfirmation(input: {
  action: Pick<PendingActionState, "quote" | "quoteHash" | "channel" | "createdAt">;
  refunded: OrderFacts;
  claimed: OrderFacts;
  settings: GateSettings;
}): RevalidationResult {
  const { action, refunded, claimed } = input;
  const reasons: { code: RevalidationCode; message: string }[] = [];
  const fail = (code: RevalidationCode, message: string) => reasons.push({ code, message });

  for (const quoted of action.quote.lines) {
    const inLedger = refunded.lines.find((line) => line.lineId === quoted.lineId);
    const afterClaims = claimed.lines.find((line) => line.lineId === quoted.lineId);
    if (inLedger === undefined || afterClaims === undefined) {
      fail("LINE_MISSING", `${quoted.name} is no longer on order ${action.quote.orderNumber}.`);
    } else if (remainingQuantity(inLedger) < quoted.quantity) {
      fail("LINE_ALREADY_REFUNDED", `${quoted.name} has already been refunded.`);
    } else if (remainingQuantity(afterClaims) < quoted.quantity) {
      fail("LINE_IN_FLIGHT", `${quoted.name} is already part of another refund that is under way.`);
    }
  }
  if (action.quote.shippingRefundCents > 0 && claimed.shippingAlreadyRefunded) {
    fail(
      "SHIPPING_ALREADY_REFUNDED",
      `Shipping for order ${action.quote.orderNumber} has already been refunded or is being refunded.`,
    );
  }
  if (reasons.length === 0) {
    const quoteNow = rerunPolicyForAction(action, claimed, input.settings);
    if (quoteNow.kind === "deny" || hashQuote(quoteNow.quote) !== action.quoteHash) {
      fail("QUOTE_CHANGED", "The refund policy now gives a different amount for these items.");
    }
  }
  return reasons.length === 0 ? { ok: true } : { ok: false, reasons };
}
