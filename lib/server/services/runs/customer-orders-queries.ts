import "server-only";
import type { CustomerOrders } from "@/lib/agent/tools/tool-types";
import type { PrismaClient } from "@/lib/generated/prisma/client";

// Postgres' JSON already has the agent's shape; only the timestamps are its own text.
type CustomerOrdersRow = { contact_only: boolean; orders: CustomerOrders["orders"] };

/**
 * One customer's orders, newest first (or only the one with this number), with each line still
 * on the order and how much of it refunds took (Countersign's, and those made in the store):
 * what the agent's lookup shows. One statement.
 */
export async function listCustomerOrdersWithLines(
  db: PrismaClient,
  customerId: string,
  orderNumber: string | null,
): Promise<CustomerOrders> {
  const [row] = await db.$queryRaw<CustomerOrdersRow[]>`
    SELECT c.contact_only,
           COALESCE((
             SELECT json_agg(json_build_object(
                      'orderNumber', o.number, 'currency', o.currency, 'placedAt', o.placed_at,
                      'deliveredAt', o.delivered_at, 'shippingCents', o.shipping_cents,
                      'paymentMethod', o.payment_method_label,
                      'lines', COALESCE((
                        SELECT json_agg(json_build_object(
                                 'lineId', l.id, 'name', l.name, 'category', l.category,
                                 'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents,
                                 'finalSale', l.final_sale, 'opened', l.opened,
                                 'refundedQuantity', l.refunded_in_store_quantity + COALESCE((
                                   SELECT SUM(rl.quantity)
                                     FROM refund_lines AS rl
                                     JOIN refunds AS r ON r.id = rl.refund_id
                                    WHERE rl.order_line_id = l.id AND r.status NOT IN ('failed', 'canceled')), 0))
                               ORDER BY l.position)
                          FROM order_lines AS l
                         WHERE l.order_id = o.id AND l.removed_at IS NULL), '[]'::json))
                    ORDER BY o.placed_at DESC, o.id)
               FROM orders AS o
              WHERE o.customer_id = c.id AND (${orderNumber}::text IS NULL OR o.number = ${orderNumber}::text)
           ), '[]'::json) AS orders
      FROM customers AS c
     WHERE c.id = ${customerId}`;
  if (!row) return { contactOnly: false, orders: [] };
  return {
    contactOnly: row.contact_only,
    orders: row.orders.map((order) => ({
      ...order,
      // JSON carries Postgres' own timestamp text; the agent sees ISO 8601 in UTC.
      placedAt: new Date(order.placedAt).toISOString(),
      deliveredAt: order.deliveredAt ? new Date(order.deliveredAt).toISOString() : null,
    })),
  };
}
