import "server-only";
import { channelSchema } from "@/lib/domain/order-facts";
import { refundReasonSchema } from "@/lib/domain/policy-reasons";
import { type ReplayableRequest, replayLabel } from "@/lib/domain/policy-replay";
import { parseStoredOrderFacts } from "@/lib/domain/policy-replay-order";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Reader = PrismaClient | Prisma.TransactionClient;

type StoredRequestRow = {
  id: string;
  conversation_id: string;
  channel: string;
  reason: string;
  line_ids: string[];
  created_at: Date;
  order_facts: unknown;
  rebuilt_order: unknown;
};

/*
 * Every refund a workspace's customers were quoted in a window, each with its order as it was
 * when the quote was made: the facts stored on the action (pending_actions.order_facts) or, for
 * an action older than that column, the order rebuilt from today's copy without the refunds
 * recorded after the action was created (lines removed since come back; what the store itself
 * refunded, and a changed delivery date, cannot be dated and stay as they are today). One
 * statement for the actions and their orders together; the rebuild runs only for old rows.
 */
export async function storedRefundRequests(
  db: Reader,
  input: { workspaceId: string; since: Date; until: Date },
): Promise<ReplayableRequest[]> {
  const rows = await db.$queryRaw<StoredRequestRow[]>`
    SELECT pa.id, pa.conversation_id, c.channel::text AS channel, pa.reason, pa.line_ids,
           pa.created_at, pa.order_facts,
           CASE WHEN pa.order_facts IS NULL THEN json_build_object(
             'orderId', o.id, 'orderNumber', o.number, 'customerId', o.customer_id,
             'currency', o.currency, 'deliveredAt', o.delivered_at,
             'shippingCents', o.shipping_cents, 'paymentMethodLabel', o.payment_method_label,
             'shippingAlreadyRefunded', o.shipping_refunded_in_store OR EXISTS (
               SELECT 1 FROM refunds AS r
                WHERE r.order_id = o.id AND r.status NOT IN ('failed', 'canceled')
                  AND r.shipping_cents > 0 AND r.created_at < pa.created_at),
             'lines', COALESCE((
               SELECT json_agg(json_build_object(
                        'lineId', l.id, 'name', l.name, 'category', l.category,
                        'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents,
                        'finalSale', l.final_sale, 'opened', l.opened,
                        'refundedQuantity', LEAST(l.quantity, l.refunded_in_store_quantity + COALESCE((
                          SELECT SUM(rl.quantity)::int
                            FROM refund_lines AS rl JOIN refunds AS r ON r.id = rl.refund_id
                           WHERE rl.order_line_id = l.id AND r.order_id = o.id
                             AND r.status NOT IN ('failed', 'canceled')
                             AND r.created_at < pa.created_at), 0)))
                      ORDER BY l.position)
                 FROM order_lines AS l
                WHERE l.order_id = o.id AND (l.removed_at IS NULL OR l.removed_at > pa.created_at)
             ), '[]'::json))
           END AS rebuilt_order
      FROM pending_actions AS pa
      JOIN customers AS cu ON cu.id = pa.customer_id
      JOIN conversations AS c ON c.id = pa.conversation_id
      JOIN orders AS o ON o.id = pa.order_id
     WHERE cu.workspace_id = ${input.workspaceId}
       AND pa.kind = 'refund'
       AND pa.created_at >= ${input.since} AND pa.created_at <= ${input.until}
     ORDER BY pa.created_at, pa.id`;
  return rows.flatMap((row) => {
    const request = toReplayableRequest(row);
    return request ? [request] : [];
  });
}

/** A row this build cannot read (an unknown reason, malformed facts) is left out, not guessed. */
function toReplayableRequest(row: StoredRequestRow): ReplayableRequest | null {
  const order = parseStoredOrderFacts(row.order_facts ?? row.rebuilt_order);
  const reason = refundReasonSchema.safeParse(row.reason);
  const channel = channelSchema.safeParse(row.channel);
  if (!order || !reason.success || !channel.success) return null;
  return {
    source: "request",
    ref: row.id,
    conversationId: row.conversation_id,
    label: replayLabel(order, row.line_ids, reason.data),
    order,
    selectedLineIds: row.line_ids,
    reason: reason.data,
    channel: channel.data,
    at: row.created_at,
  };
}
