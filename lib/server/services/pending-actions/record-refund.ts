import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { renderingLanguage } from "@/lib/domain/languages";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { refundPaidNotice, refundProcessingNotice } from "@/lib/domain/refund-notices";
import { isPaid, type RefundState } from "@/lib/domain/refund-state";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { ProviderRefund } from "@/lib/integrations/payments/payment-provider";
import { lockOrderRefunds } from "@/lib/server/repositories/order-facts-repository";
import { type ActionChanges, commitTransition } from "./action-transaction";
import { tellCustomerAboutRefund } from "./tell-customer-about-refund";

/*
 * Writes down a refund the provider accepted, in the state it reported (paid, or still pending):
 * the Refund and its lines, the customer's email in the outbox (saying "refunded" only if the
 * provider said so), the audit trail and the action's move to `executed` — one transaction, so
 * either all of it exists or none does and reconciliation can try again. The unique
 * pending_action_id on refunds makes a second recording impossible.
 */

export type RecordedRefund = {
  id: string;
  providerRefundId: string;
  amountCents: number;
  currency: string;
  target: string;
  /** The provider's state when recorded: paid, or still pending. */
  state: RefundState;
  reused: boolean;
};

export async function recordRefund(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  action: PendingActionState,
  payment: ProviderRefund & { provider: string; connectionId: string | null },
  context: { now: Date; via: "execution" | "reconciliation"; actor?: Actor },
): Promise<{ action: PendingActionState; refund: RecordedRefund }> {
  const { quote } = action;
  const { now } = context;
  const system = { type: "system" } as const;
  await lockOrderRefunds(tx, quote.orderId);
  const refund = await tx.refund.create({
    data: {
      id: newId("rf"),
      pendingActionId: action.id,
      idempotencyKey: action.idempotencyKey,
      providerRefundId: payment.providerRefundId,
      customerId: action.customerId,
      orderId: quote.orderId,
      amountCents: quote.netRefundCents,
      shippingCents: quote.shippingRefundCents,
      currency: quote.currency,
      target: quote.refundTarget,
      status: payment.status,
      statusReason: payment.statusReason,
      provider: payment.provider,
      connectionId: payment.connectionId,
      paidAt: isPaid(payment.status) ? now : null,
      providerUpdatedAt: now,
      createdAt: now,
      lines: {
        create: quote.lines.map((line) => ({
          orderLineId: line.lineId,
          quantity: line.quantity,
          amountCents: line.subtotalCents - line.feeCents,
        })),
      },
    },
  });

  const conversationId = action.conversationId;
  if (payment.reused) {
    changes.audit.push({
      kind: "payment.reused",
      subjectType: "pending_action",
      subjectId: action.id,
      actor: system,
      occurredAt: now,
      conversationId,
      payload: {
        idempotencyKey: action.idempotencyKey,
        providerRefundId: payment.providerRefundId,
        provider: payment.provider,
      },
    });
  }
  changes.audit.push({
    kind: "refund.executed",
    subjectType: "refund",
    subjectId: refund.id,
    actor: system,
    occurredAt: now,
    conversationId,
    payload: {
      pendingActionId: action.id,
      providerRefundId: payment.providerRefundId,
      idempotencyKey: action.idempotencyKey,
      orderId: quote.orderId,
      customerId: action.customerId,
      lineIds: quote.lines.map((line) => line.lineId),
      amountCents: refund.amountCents,
      shippingCents: refund.shippingCents,
      currency: refund.currency,
      target: refund.target,
      quoteHash: action.quoteHash,
      provider: payment.provider,
      providerStatus: payment.status,
      providerStatusReason: payment.statusReason,
    },
  });
  const customer = await tx.customer.findUniqueOrThrow({
    where: { id: action.customerId },
    include: {
      conversations: { where: { id: action.conversationId }, select: { language: true } },
    },
  });
  const facts = {
    customerName: customer.name,
    quote,
    language: renderingLanguage({
      code: customer.conversations[0]?.language ?? null,
      source: null,
    }),
  };
  await tellCustomerAboutRefund(
    tx,
    changes,
    {
      pendingActionId: action.id,
      conversationId: action.conversationId,
      channel: action.channel,
      customerEmail: customer.email,
    },
    isPaid(payment.status) ? refundPaidNotice(facts) : refundProcessingNotice(facts),
    { key: `refund-email:${action.id}`, now, inThread: false },
  );

  changes.realtime.push({
    topic: "refund.executed",
    conversationId,
    payload: {
      refundId: refund.id,
      actionId: action.id,
      amountCents: refund.amountCents,
      status: refund.status,
    },
  });

  const event =
    context.via === "execution"
      ? { type: "execution_succeeded" as const, refundId: refund.id }
      : { type: "reconciled_succeeded" as const, refundId: refund.id };
  const executed = await commitTransition(tx, changes, action, event, {
    now,
    actor: context.actor ?? system,
  });
  return {
    action: executed,
    refund: {
      id: refund.id,
      providerRefundId: refund.providerRefundId,
      amountCents: refund.amountCents,
      currency: refund.currency,
      target: refund.target,
      state: refund.status,
      reused: payment.reused,
    },
  };
}
