import "server-only";
import { type OrderFacts, orderFactsSchema } from "@/lib/domain/order-facts";
import { quoteSchema } from "@/lib/domain/quote";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";

/*
 * The policy engine's view of one order, read from the source of truth: the order's lines (a
 * store's order as last read, store-order-cache.ts; lines the store removed are gone) and the
 * refunds that actually happened (the ledger, plus those made in the store itself), never
 * anything a model said. A refund the
 * provider accepted holds its lines while it pays and once it has paid; one that failed or was
 * canceled releases them.
 */

type Reader = PrismaClient | Prisma.TransactionClient;

export type LoadOrderFactsOptions = {
  /**
   * Lines (and shipping) held by other actions whose payment is in flight count as refunded,
   * so two approved actions on the same line cannot both pay and a new quote does not offer a
   * line that is being paid right now. The action being executed passes its own id here so it
   * does not block itself. `fromConfirmation` widens "in flight" to every refund already agreed
   * (awaiting an approver, approved, paying): what a customer's "yes" must not take twice.
   */
  inFlight?: { excludeActionId?: string; fromConfirmation?: boolean };
};

const PAYING_STATUSES = ["executing", "needs_reconciliation"];
const AGREED_STATUSES = ["awaiting_approval", "approved", ...PAYING_STATUSES];

type OrderFactsRow = {
  id: string;
  number: string;
  customer_id: string;
  currency: string;
  delivered_at: Date | null;
  shipping_cents: number;
  payment_method_label: string;
  shipping_refunded: boolean;
  lines: {
    id: string;
    name: string;
    category: string;
    quantity: number;
    unitPriceCents: number;
    finalSale: boolean;
    opened: boolean;
    refundedQuantity: number;
  }[];
  held_quotes: unknown[] | null;
};

// One statement: the order, its lines with what succeeded refunds took of each, whether its
// shipping was refunded, and (when asked) the quotes of actions whose payment is in flight.
export async function loadOrderFacts(
  db: Reader,
  orderId: string,
  options: LoadOrderFactsOptions = {},
): Promise<OrderFacts | null> {
  return loadOrderFactsWhere(db, Prisma.sql`o.id = ${orderId}`, options);
}

/**
 * The same facts for an order named by its number, looked up inside one customer's orders only,
 * so another customer's order reads as missing. One statement.
 */
export async function loadCustomerOrderFacts(
  db: Reader,
  customerId: string,
  orderNumber: string,
  options: LoadOrderFactsOptions = {},
): Promise<OrderFacts | null> {
  return loadOrderFactsWhere(
    db,
    Prisma.sql`o.customer_id = ${customerId} AND o.number = ${orderNumber}`,
    options,
  );
}

async function loadOrderFactsWhere(
  db: Reader,
  where: Prisma.Sql,
  options: LoadOrderFactsOptions,
): Promise<OrderFacts | null> {
  const excluded = options.inFlight?.excludeActionId ?? null;
  const heldStatuses = options.inFlight?.fromConfirmation ? AGREED_STATUSES : PAYING_STATUSES;
  const held = options.inFlight
    ? Prisma.sql`(
        SELECT json_agg(pa.quote ORDER BY pa.created_at, pa.id)
          FROM pending_actions AS pa
         WHERE pa.order_id = o.id
           AND (${excluded}::text IS NULL OR pa.id <> ${excluded}::text)
           AND pa.status::text = ANY(${heldStatuses}::text[])
           AND NOT EXISTS (SELECT 1 FROM refunds AS r WHERE r.pending_action_id = pa.id))`
    : Prisma.sql`NULL::json`;
  const [order] = await db.$queryRaw<OrderFactsRow[]>`
    SELECT o.id, o.number, o.customer_id, o.currency, o.delivered_at, o.shipping_cents,
           o.payment_method_label,
           o.shipping_refunded_in_store OR EXISTS (SELECT 1 FROM refunds AS r
                    WHERE r.order_id = o.id AND r.status NOT IN ('failed', 'canceled') AND r.shipping_cents > 0
           ) AS shipping_refunded,
           COALESCE((
             SELECT json_agg(json_build_object(
                      'id', l.id, 'name', l.name, 'category', l.category, 'quantity', l.quantity,
                      'unitPriceCents', l.unit_price_cents, 'finalSale', l.final_sale,
                      'opened', l.opened,
                      'refundedQuantity', l.refunded_in_store_quantity + COALESCE((
                        SELECT SUM(rl.quantity)
                          FROM refund_lines AS rl JOIN refunds AS r ON r.id = rl.refund_id
                         WHERE rl.order_line_id = l.id AND r.order_id = o.id
                           AND r.status NOT IN ('failed', 'canceled')), 0))
                    ORDER BY l.position)
               FROM order_lines AS l WHERE l.order_id = o.id AND l.removed_at IS NULL
           ), '[]'::json) AS lines,
           ${held} AS held_quotes
      FROM orders AS o
     WHERE ${where}`;
  if (!order) return null;

  const refunded = new Map(order.lines.map((line) => [line.id, line.refundedQuantity] as const));
  let shippingAlreadyRefunded = order.shipping_refunded;
  for (const stored of order.held_quotes ?? []) {
    const quote = quoteSchema.parse(stored);
    for (const line of quote.lines) {
      refunded.set(line.lineId, (refunded.get(line.lineId) ?? 0) + line.quantity);
    }
    if (quote.shippingRefundCents > 0) shippingAlreadyRefunded = true;
  }

  return orderFactsSchema.parse({
    orderId: order.id,
    orderNumber: order.number,
    customerId: order.customer_id,
    currency: order.currency,
    deliveredAt: order.delivered_at,
    shippingCents: order.shipping_cents,
    paymentMethodLabel: order.payment_method_label,
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
