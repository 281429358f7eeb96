import "server-only";
import { type ClaimFacts, policyClaimFacts } from "@/lib/domain/check-customer-message-claims";
import { pendingActionStatusSchema } from "@/lib/domain/pending-action-status";
import { quoteSchema } from "@/lib/domain/quote";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getSettings } from "@/lib/server/settings/get-settings";

/*
 * What the supervisor checks a customer message against, read fresh from Postgres when the
 * message is about to be sent: this conversation's actions and disputes, and the customer's
 * orders, charges and refunds (the ledger), plus every id that must never be shown.
 */
export async function loadClaimFacts(
  db: PrismaClient,
  conversation: { id: string; customerId: string },
): Promise<ClaimFacts> {
  const [actions, orders, charges, refunds, disputes, settings] = await Promise.all([
    db.pendingAction.findMany({
      where: { conversationId: conversation.id },
      select: {
        id: true,
        status: true,
        quote: true,
        quoteHash: true,
        idempotencyKey: true,
        decision: { select: { decision: true, note: true } },
      },
    }),
    db.order.findMany({
      where: { customerId: conversation.customerId },
      include: { lines: { orderBy: { position: "asc" } } },
    }),
    db.charge.findMany({ where: { customerId: conversation.customerId } }),
    db.refund.findMany({
      where: { customerId: conversation.customerId },
      include: {
        order: { select: { number: true } },
        lines: { include: { orderLine: { select: { name: true } } } },
      },
    }),
    db.disputeTicket.findMany({ where: { conversationId: conversation.id } }),
    getSettings(db),
  ]);
  const currency = orders[0]?.currency ?? "USD";
  const policy = policyClaimFacts(settings, currency);
  const rejectionNotes = actions.flatMap((action) =>
    action.decision?.decision === "rejected" && action.decision.note ? [action.decision.note] : [],
  );
  return {
    actions: actions.map((action) => ({
      status: pendingActionStatusSchema.parse(action.status),
      quote: quoteSchema.parse(action.quote),
    })),
    refunds: refunds.map((refund) => ({
      orderNumber: refund.order.number,
      amountCents: refund.amountCents,
      shippingCents: refund.shippingCents,
      currency: refund.currency,
      lines: refund.lines.map((line) => ({
        name: line.orderLine.name,
        amountCents: line.amountCents,
      })),
    })),
    orders: orders.map((order) => ({
      orderNumber: order.number,
      currency: order.currency,
      shippingCents: order.shippingCents,
      lines: order.lines,
    })),
    charges: charges.map((charge) => ({
      reference: charge.reference,
      amountCents: charge.amountCents,
      currency: charge.currency,
    })),
    disputes: disputes.map((dispute) => ({
      chargeReferences: dispute.chargeReferences,
      amountCents: dispute.amountCents,
      suppliedAmountCents: dispute.suppliedAmountCents,
      currency: dispute.currency,
      status: dispute.status,
    })),
    policy: policy.policy,
    verbatim: [...policy.verbatim, ...rejectionNotes],
    internalIds: [
      conversation.id,
      conversation.customerId,
      ...actions.flatMap((action) => [action.id, action.quoteHash, action.idempotencyKey]),
      ...refunds.flatMap((refund) => [refund.id, refund.providerRefundId, refund.idempotencyKey]),
      ...orders.flatMap((order) => [order.id, ...order.lines.map((line) => line.id)]),
      ...charges.map((charge) => charge.id),
      ...disputes.flatMap((dispute) => [dispute.id, dispute.idempotencyKey]),
    ],
  };
}
