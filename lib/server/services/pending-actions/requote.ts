import type { DenyReason } from "@/lib/domain/deny-reasons";
import "server-only";
import { type Actor, AGENT_REQUESTER } from "@/lib/domain/actor";
import { HOLD_STATUSES, type PendingActionState } from "@/lib/domain/pending-action";
import type { RefundPolicy } from "@/lib/domain/policy-document";
import { evaluateRefund, type RefundDecision } from "@/lib/domain/refund-policy";
import type { Prisma } from "@/lib/generated/prisma/client";
import { policyInForceForCustomer } from "@/lib/server/policies/policy-versions";
import { loadOrderFacts } from "@/lib/server/repositories/order-facts-repository";
import type { ActionChanges } from "./action-transaction";
import { openPendingAction } from "./open-pending-action";

/*
 * A fresh quote for the same ask as an action that can no longer be paid or confirmed as it
 * stands (its hold ran out while paused, or its order changed): the same lines, reason, channel
 * and requester, quoted by the policy engine on the order as it is now, with gates never looser
 * than the old quote's. A fresh quote needs a fresh "yes", so it is made under the policy in force
 * now, not the stale quote's version. All in the caller's transaction, so the old action's end and the new
 * quote commit together.
 */

/** The policy's answer, with the policy it was made under. */
export type DecidedAgain = RefundDecision & { policy: RefundPolicy };
export type QuotedAgain = Extract<DecidedAgain, { kind: "quote" }>;

/** The policy's answer for the same ask on today's order (lines in flight elsewhere held). */
export async function quoteSameAskAgain(
  tx: Prisma.TransactionClient,
  stale: PendingActionState,
  now: Date,
): Promise<DecidedAgain | null> {
  const order = await loadOrderFacts(tx, stale.quote.orderId, { inFlight: {} });
  if (!order) return null;
  const policy = await policyInForceForCustomer(tx, stale.customerId, now);
  const decision = evaluateRefund({
    order,
    selectedLineIds: stale.quote.lines.map((line) => line.lineId),
    reason: stale.quote.reason,
    channel: stale.channel,
    now,
    policy,
  });
  return { ...decision, policy };
}

/** Opens the fresh quote (shown to a chat customer at once, queued for an approver on email). */
export async function openRequote(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  stale: PendingActionState,
  decision: QuotedAgain,
  options: { id: string; now: Date },
): Promise<PendingActionState> {
  const row = await tx.pendingAction.findUniqueOrThrow({
    where: { id: stale.id },
    select: { reasonStatedByCustomer: true, reasonWords: true },
  });
  return openPendingAction(tx, changes, {
    id: options.id,
    conversationId: stale.conversationId,
    customerId: stale.customerId,
    channel: stale.channel,
    orderId: stale.quote.orderId,
    quote: decision.quote,
    // Never looser than the stale quote's gates (an unstated merchant-fault reason stays reviewed).
    gates: {
      customerConfirmation: decision.gates.customerConfirmation || stale.gates.customerConfirmation,
      staffApproval: decision.gates.staffApproval || stale.gates.staffApproval,
    },
    refused: decision.refused,
    reasonStatedByCustomer: row.reasonStatedByCustomer,
    reasonWords: row.reasonWords,
    actor: requesterOf(stale),
    runId: null,
    now: options.now,
    policy: decision.policy,
  });
}

export type RequotePlan =
  | { kind: "requote"; decision: QuotedAgain }
  /** The policy no longer refunds any of the lines: why, per line (said in the customer's language). */
  | { kind: "not_refundable"; reasons: DenyReason[] }
  /** The conversation already holds another open quote; the customer answers that one first. */
  | { kind: "other_quote_open" };

/**
 * After `stale` was closed because its order changed: whether the same ask, quoted on the changed
 * order, still qualifies and may be offered (nothing else is open for the customer to answer).
 * The caller tells the customer first, then opens it (`openRequote`), so the thread reads in order.
 */
export async function planRequote(
  tx: Prisma.TransactionClient,
  stale: PendingActionState,
  options: { now: Date },
): Promise<RequotePlan> {
  const open = await tx.pendingAction.count({
    where: {
      conversationId: stale.conversationId,
      id: { not: stale.id },
      status: { in: [...HOLD_STATUSES] },
    },
  });
  if (open > 0) return { kind: "other_quote_open" };
  const decision = await quoteSameAskAgain(tx, stale, options.now);
  if (!decision) return { kind: "not_refundable", reasons: [] };
  if (decision.kind === "deny") {
    return { kind: "not_refundable", reasons: decision.reasons };
  }
  return { kind: "requote", decision };
}

/** Who the fresh quote waits for: the customer's "yes" on chat, an approver on email. */
export function requoteWaitsFor(
  stale: PendingActionState,
  decision: QuotedAgain,
): "customer" | "approver" {
  return decision.gates.customerConfirmation || stale.gates.customerConfirmation
    ? "customer"
    : "approver";
}

/** The fresh quote is made for whoever asked for the stale one. */
function requesterOf(action: PendingActionState): Actor {
  return action.requestedBy === AGENT_REQUESTER
    ? { type: "agent" }
    : { type: "staff", userId: action.requestedBy, roles: [] };
}
