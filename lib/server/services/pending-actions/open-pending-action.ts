import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { describeRefusedLines } from "@/lib/domain/customer-phrases";
import type { DenyReason } from "@/lib/domain/deny-reasons";
import type { Gates } from "@/lib/domain/gates";
import type { Channel } from "@/lib/domain/order-facts";
import { createPendingAction, type PendingActionState } from "@/lib/domain/pending-action";
import type { RefundPolicy } from "@/lib/domain/policy-document";
import type { Quote } from "@/lib/domain/quote";
import type { Prisma } from "@/lib/generated/prisma/client";
import { loadOrderFacts } from "@/lib/server/repositories/order-facts-repository";
import { insertPendingAction } from "@/lib/server/repositories/pending-action-repository";
import { type ActionChanges, commitTransition } from "./action-transaction";
import { pinOrderToAction } from "./order-pin";
import { presentQuote } from "./present-quote";

export type OpenPendingActionInput = {
  id: string;
  conversationId: string;
  customerId: string;
  channel: Channel;
  orderId: string;
  quote: Quote;
  gates: Gates;
  /** Requested lines the policy refused, stored with the action and shown with every presentation. */
  refused: readonly DenyReason[];
  reasonStatedByCustomer: boolean;
  /** The customer's sentence that stated the reason; null for an assumption or a staff choice. */
  reasonWords: string | null;
  actor: Actor;
  runId: string | null;
  now: Date;
  /** The policy the quote was made under. */
  policy: RefundPolicy;
};

/**
 * Creates an action from a policy quote and offers it: a chat quote goes to the customer as the
 * code-built quote message in this same transaction, so its hold starts when it is first shown;
 * an email quote goes straight to the approver. The order is pinned to it here too (its store
 * version and fingerprint, order-pin.ts), so paying it later can tell whether the order moved.
 */
export async function openPendingAction(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  input: OpenPendingActionInput,
): Promise<PendingActionState> {
  const { now } = input;
  const created = createPendingAction({
    id: input.id,
    customerId: input.customerId,
    conversationId: input.conversationId,
    channel: input.channel,
    quote: input.quote,
    gates: input.gates,
    now,
    actor: input.actor,
    policy: input.policy,
  });
  await insertPendingAction(tx, {
    state: created.action,
    orderId: input.orderId,
    runId: input.runId,
    reasonStatedByCustomer: input.reasonStatedByCustomer,
    refusedLines: describeRefusedLines(input.refused),
    refusedReasons: input.refused,
    reasonWords: input.reasonWords,
    orderFacts: await loadOrderFacts(tx, input.orderId, { inFlight: {} }),
  });
  await pinOrderToAction(tx, created.action.id, input.orderId);
  changes.audit.push(...created.auditEvents);
  const offered = await commitTransition(
    tx,
    changes,
    created.action,
    { type: "proposed_to_customer" },
    { now, actor: input.actor },
  );
  await tx.conversation.update({
    where: { id: input.conversationId },
    data: { orderId: input.orderId },
  });
  if (offered.status === "awaiting_confirmation") {
    await presentQuote(tx, changes, offered, {
      now,
      runId: input.runId,
      again: false,
    });
  }
  return offered;
}
