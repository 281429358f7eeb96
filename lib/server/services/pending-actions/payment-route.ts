import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type {
  PaymentProvider,
  PaymentProviders,
  RefundRequest,
} from "@/lib/integrations/payments/payment-provider";

/*
 * Where an action's payment goes. The provider and connection are fixed when execution first
 * claims the action (the customer's workspace's connection, or the built-in ledger), so a retry,
 * a reconciliation and a webhook all speak to the provider that was asked first, even if the
 * workspace has changed its connection since.
 */

type Reader = PrismaClient | Prisma.TransactionClient;

export type PaymentRoute = {
  provider: PaymentProvider;
  connectionId: string | null;
  /** The first call to the provider; null for an action executed before routes were kept. */
  submittedAt: Date | null;
  request: RefundRequest;
};

/** Fixes the route for an action being claimed, in the claim's transaction. */
export async function fixPaymentRoute(
  tx: Prisma.TransactionClient,
  payments: PaymentProviders,
  action: PendingActionState,
  now: Date,
): Promise<void> {
  const customer = await tx.customer.findUniqueOrThrow({
    where: { id: action.customerId },
    select: { workspaceId: true },
  });
  const order = await tx.order.findUniqueOrThrow({
    where: { id: action.quote.orderId },
    select: { connectionId: true },
  });
  const { provider, connectionId } = await payments.forWorkspace(customer.workspaceId, order);
  if (connectionId !== null) {
    // Held until the claim commits, so the connection cannot be removed between being chosen here
    // and the action naming it (removal locks it FOR UPDATE and refuses while payments are out).
    const [held] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM payment_connections WHERE id = ${connectionId} FOR SHARE`;
    if (!held) {
      throw new AppError(
        "CONFLICT",
        "The workspace's payment connection was just removed; try again",
        {
          extensions: { reason: "CONCURRENT_CHANGE" },
        },
      );
    }
  }
  await tx.pendingAction.update({
    where: { id: action.id },
    data: {
      paymentProvider: provider.name,
      paymentConnectionId: connectionId,
      paymentSubmittedAt: now,
    },
  });
}

export async function loadPaymentRoute(
  db: Reader,
  payments: PaymentProviders,
  action: PendingActionState,
): Promise<PaymentRoute> {
  const row = await db.pendingAction.findUniqueOrThrow({
    where: { id: action.id },
    select: {
      paymentConnectionId: true,
      paymentSubmittedAt: true,
      order: {
        select: {
          paymentReference: true,
          lines: { select: { id: true, externalId: true } },
        },
      },
    },
  });
  return {
    provider: await payments.forConnection(row.paymentConnectionId),
    connectionId: row.paymentConnectionId,
    submittedAt: row.paymentSubmittedAt,
    request: refundRequest(action, row.order),
  };
}

function refundRequest(
  action: PendingActionState,
  order: { paymentReference: string | null; lines: { id: string; externalId: string | null }[] },
): RefundRequest {
  const externalIds = new Map(order.lines.map((line) => [line.id, line.externalId] as const));
  return {
    idempotencyKey: action.idempotencyKey,
    amountCents: action.quote.netRefundCents,
    currency: action.quote.currency,
    target: action.quote.refundTarget,
    customerId: action.customerId,
    orderId: action.quote.orderId,
    paymentReference: order.paymentReference,
    lines: action.quote.lines.map((line) => ({
      externalId: externalIds.get(line.lineId) ?? null,
      quantity: line.quantity,
    })),
    shippingCents: action.quote.shippingRefundCents,
    metadata: {
      pendingActionId: action.id,
      quoteHash: action.quoteHash,
      conversationId: action.conversationId,
    },
  };
}

/**
 * Whether repeating the create under the same key is still answered with the first refund. Past
 * the provider's window the key may have been pruned and a repeat could pay a second time.
 */
export function insideIdempotencyWindow(route: PaymentRoute, now: Date): boolean {
  const since = route.submittedAt ?? now;
  return now.getTime() - since.getTime() < route.provider.idempotencyWindowMs;
}
