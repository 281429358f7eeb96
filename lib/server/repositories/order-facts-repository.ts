import "server-only";
import { type OrderFacts, orderFactsSchema } from "@/lib/domain/order-facts";
import { quoteSchema } from "@/lib/domain/quote";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

/*
 * The policy engine's view of one order, read from the source of truth: the order's lines and
 * the refunds that actually happened (the ledger), never anything a model said.
 */

type Reader = PrismaClient | Prisma.TransactionClient;

export type LoadOrderFactsOptions = {
  /**
   * Lines (and shipping) held by other actions whose payment is in flight count as refunded,
   * so two approved actions on the same line cannot both pay and a new quote does not offer a
   * line that is being paid right now. The action being executed passes its own id here so it
   * does not block itself.
   */
  inFlight?: { excludeActionId?: string };
};

export async function loadOrderFacts(
  db: Reader,
  orderId: string,
  options: LoadOrderFactsOptions = {},
): Promise<OrderFacts | null> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    include: { lines: { orderBy: { position: "asc" } } },
  });
  if (!order) return null;

  const refundedLines = await db.refundLine.groupBy({
    by: ["orderLineId"],
    where: { refund: { orderId, status: "succeeded" } },
    _sum: { quantity: true },
  });
  const refunded = new Map(
    refundedLines.map((row) => [row.orderLineId, row._sum.quantity ?? 0] as const),
  );
  let shippingAlreadyRefunded =
    (await db.refund.count({
      where: { orderId, status: "succeeded", shippingCents: { gt: 0 } },
    })) > 0;

  if (options.inFlight) {
    const held = await db.pendingAction.findMany({
      where: {
        orderId,
        ...(options.inFlight.excludeActionId && { id: { not: options.inFlight.excludeActionId } }),
        status: { in: ["executing", "needs_reconciliation"] },
        refund: null,
      },
      select: { quote: true },
    });
    for (const action of held) {
      const quote = quoteSchema.parse(action.quote);
      for (const line of quote.lines) {
        refunded.set(line.lineId, (refunded.get(line.lineId) ?? 0) + line.quantity);
      }
      if (quote.shippingRefundCents > 0) shippingAlreadyRefunded = true;
    }
  }

  return orderFactsSchema.parse({
    orderId: order.id,
    orderNumber: order.number,
    customerId: order.customerId,
    currency: order.currency,
    deliveredAt: order.deliveredAt,
    shippingCents: order.shippingCents,
    paymentMethodLabel: order.paymentMethodLabel,
    shippingAlreadyRefunded,
    lines: order.lines.map((line) => ({
      lineId: line.id,
      name: line.name,
      category: line.category,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      finalSale: line.finalSale,
      opened: line.opened,
      refundedQuantity: Math.min(refunded.get(line.id) ?? 0, line.quantity),
    })),
  });
}

/**
 * Serialises, per order, the two writes that change what is refundable: claiming an action for
 * execution and recording its refund. Facts read under this lock cannot change halfway through
 * (an action moving from in flight to refunded between two of the reads would otherwise count
 * as neither).
 */
export async function lockOrderRefunds(
  tx: Prisma.TransactionClient,
  orderId: string,
): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`order-refunds:${orderId}`}, 0))`;
}
