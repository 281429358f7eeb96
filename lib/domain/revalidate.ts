import { DomainError } from "./errors";
import { evaluateRefund, type RefundDecision } from "./evaluate-refund";
import { type OrderFacts, remainingQuantity } from "./order-facts";
import { changedOrderParts, type OrderPart } from "./order-fingerprint";
import type { PendingActionState } from "./pending-action";
import { isHoldStatus } from "./pending-action-status";
import type { RefundPolicy } from "./policy-document";
import { hashQuote, type Quote } from "./quote";

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
  | "ORDER_CHANGED"
  | "CONFIRMATION_MISSING"
  | "APPROVAL_MISSING";

/** What a reason's wording is made of, to say it in the customer's language (revalidate-notices.ts). */
export type RevalidationParams = {
  item?: string;
  orderNumber?: string;
  parts?: OrderPart[];
  fromStore?: boolean;
};

export type RevalidationReason = {
  code: RevalidationCode;
  /** In English, for staff and the model, and what English customers read. */
  message: string;
  params?: RevalidationParams;
};

export type RevalidationResult = { ok: true } | { ok: false; reasons: RevalidationReason[] };

/** The order an action was quoted on, against the order now (lib/domain/order-fingerprint.ts). */
export type OrderPin = {
  /** The fingerprint recorded with the quote; null for actions made before quotes were pinned. */
  pinned: string | null;
  /** The order's fingerprint now, from facts read as the store and the ledger say (no holds). */
  current: string;
  /** A copy of a store's order, rather than one Countersign keeps itself. */
  fromStore: boolean;
};

const PART_WORDS: Readonly<Record<OrderPart, string>> = {
  items: "its items",
  refunds: "its refunds",
  delivery: "its delivery details",
};

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * What moved in the order since the quote was made, as one sentence people read (staff on the
 * action, the customer in the thread); null when nothing did or the action predates pinning.
 */
export function checkOrderPin(
  orderNumber: string,
  pin: OrderPin,
): {
  code: "ORDER_CHANGED";
  message: string;
  parts: OrderPart[];
  params: RevalidationParams;
} | null {
  if (pin.pinned === null) return null;
  const parts = changedOrderParts(pin.pinned, pin.current);
  if (parts.length === 0) return null;
  const where = pin.fromStore ? " in the store" : "";
  const what = joinWords(parts.map((part) => PART_WORDS[part]));
  return {
    code: "ORDER_CHANGED",
    message: `Order ${orderNumber} changed${where} since the quote was made: ${what} changed.`,
    parts,
    params: { orderNumber, parts, fromStore: pin.fromStore },
  };
}

/** The reason an action fails when the store no longer has its order at all. */
export function orderGoneMessage(orderNumber: string): string {
  return `Order ${orderNumber} is no longer in the store, so the quote cannot be paid.`;
}

/**
 * Re-runs the policy for an action's own request against today's order facts, under the policy
 * version the quote was made with: a policy published since then never changes a quote already
 * agreed (it is paid as quoted, or refused if its own version no longer gives it). The window is
 * measured at the time the quote was made: a customer who asked in time is not refused because
 * the approval queue was slow. Refunds made since then do count.
 */
export function rerunPolicyForAction(
  action: Pick<PendingActionState, "quote" | "channel" | "createdAt">,
  order: OrderFacts,
  policy: RefundPolicy,
): RefundDecision {
  if (policy.version !== action.quote.policyVersion) {
    throw new DomainError(
      "INVALID_PENDING_ACTION",
      `The quote was made under ${action.quote.policyVersion}, not ${policy.version}`,
    );
  }
  return evaluateRefund({
    order,
    selectedLineIds: action.quote.lines.map((line) => line.lineId),
    reason: action.quote.reason,
    channel: action.channel,
    now: action.createdAt,
    policy,
  });
}

/**
 * Whether the policy still gives the quote the customer agreed to. Compared with the agreed
 * quote's own words for what is only shown (the order number, line names, the payment label):
 * a store renaming a product does not change what is refunded, so it does not void the quote;
 * every amount, quantity, line, fee, reason and the policy version must be the same.
 */
function givesAgreedQuote(
  quoteNow: Quote,
  agreed: Pick<PendingActionState, "quote" | "quoteHash">,
) {
  const names = new Map(agreed.quote.lines.map((line) => [line.lineId, line.name] as const));
  const asShownThen: Quote = {
    ...quoteNow,
    orderNumber: agreed.quote.orderNumber,
    refundTarget: agreed.quote.refundTarget,
    lines: quoteNow.lines.map((line) => ({ ...line, name: names.get(line.lineId) ?? line.name })),
  };
  return hashQuote(asShownThen) === agreed.quoteHash;
}

/**
 * The last check before money moves, run on an `approved` action. Reports every problem, not
 * just the first, so the failure reason stored on the action is complete.
 */
export function revalidateForExecution(input: {
  action: PendingActionState;
  /** `rerunPolicyForAction(action, order, policy)`, computed from the same order facts. */
  quoteNow: RefundDecision;
  order: OrderFacts;
  /** The customer verified for the conversation that is asking to execute. */
  conversationCustomerId: string;
  /** The order's fingerprint when quoted and now; a change refuses before anything else. */
  orderPin: OrderPin | null;
  now: Date;
}): RevalidationResult {
  const { action, quoteNow, order, now } = input;
  const reasons: RevalidationReason[] = [];
  const fail = (code: RevalidationCode, message: string) => reasons.push({ code, message });

  const changed = input.orderPin && checkOrderPin(action.quote.orderNumber, input.orderPin);
  if (changed) fail(changed.code, changed.message);

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
    !givesAgreedQuote(quoteNow.quote, action) ||
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
 * The order pinned to the quote (`orderPin`, its `current` taken from `refunded`) is checked
 * last: when a line or shipping check already says what is wrong, the customer is told that,
 * and ORDER_CHANGED is the reason only for changes those checks do not see (the delivery date,
 * another line, a price).
 */
export function revalidateForConfirmation(input: {
  action: Pick<PendingActionState, "quote" | "quoteHash" | "channel" | "createdAt">;
  refunded: OrderFacts;
  claimed: OrderFacts;
  /** The policy version the quote was made under. */
  policy: RefundPolicy;
  orderPin: OrderPin | null;
}): RevalidationResult {
  const { action, refunded, claimed } = input;
  const reasons: RevalidationReason[] = [];
  const fail = (code: RevalidationCode, message: string, params?: RevalidationParams) =>
    reasons.push(params === undefined ? { code, message } : { code, message, params });

  for (const quoted of action.quote.lines) {
    const inLedger = refunded.lines.find((line) => line.lineId === quoted.lineId);
    const afterClaims = claimed.lines.find((line) => line.lineId === quoted.lineId);
    if (inLedger === undefined || afterClaims === undefined) {
      fail("LINE_MISSING", `${quoted.name} is no longer on order ${action.quote.orderNumber}.`, {
        item: quoted.name,
        orderNumber: action.quote.orderNumber,
      });
    } else if (remainingQuantity(inLedger) < quoted.quantity) {
      fail("LINE_ALREADY_REFUNDED", `${quoted.name} has already been refunded.`, {
        item: quoted.name,
      });
    } else if (remainingQuantity(afterClaims) < quoted.quantity) {
      fail(
        "LINE_IN_FLIGHT",
        `${quoted.name} is already part of another refund that is under way.`,
        { item: quoted.name },
      );
    }
  }
  if (action.quote.shippingRefundCents > 0 && claimed.shippingAlreadyRefunded) {
    fail(
      "SHIPPING_ALREADY_REFUNDED",
      `Shipping for order ${action.quote.orderNumber} has already been refunded or is being refunded.`,
      { orderNumber: action.quote.orderNumber },
    );
  }
  if (reasons.length === 0) {
    const quoteNow = rerunPolicyForAction(action, claimed, input.policy);
    if (quoteNow.kind === "deny" || !givesAgreedQuote(quoteNow.quote, action)) {
      fail("QUOTE_CHANGED", "The refund policy now gives a different amount for these items.", {});
    }
  }
  const changed = input.orderPin && checkOrderPin(action.quote.orderNumber, input.orderPin);
  if (reasons.length === 0 && changed) fail(changed.code, changed.message, changed.params);
  return reasons.length === 0 ? { ok: true } : { ok: false, reasons };
}
