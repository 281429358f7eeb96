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
 * Every refund a workspace's customers asked for in a window, each with its order as it was when
 * they asked: the quotes (pending actions) and the policy's refusals (the agent's propose_refund
 * calls the policy denied, kept as run steps). An action keeps the facts its quote was made on
 * (pending_actions.order_facts); for a refusal, or an action older than that column, the order is
 * rebuilt from today's copy without the refunds recorded after the request (lines removed since
 * come back; what the store itself refunded, and a changed delivery date, cannot be dated and stay
 * as they are today). One statement for the requests and their orders together; the rebuild runs
 * only for the rows without facts of their own.
 */
export async function storedRefundRequests(
  db: Reader,
  input: { workspaceId: string; since: Date; until: Date },
): Promise<ReplayableRequest[]> {
  const rows = await db.$queryRaw<StoredRequestRow[]>`
    WITH requests AS (
      SELECT pa.id, pa.conversation_id, pa.reason, pa.line_ids, pa.created_at, pa.order_facts,
             pa.order_id
        FROM pending_actions AS pa
        JOIN customers AS cu ON cu.id = pa.customer_id
       WHERE cu.workspace_id = ${input.workspaceId}
         AND pa.kind = 'refund'
         AND pa.created_at >= ${input.since} AND pa.created_at <= ${input.until}
      UNION ALL
      -- The policy's refusals: they open no action, but the agent's propose_refund call and
      -- its result (the deny reasons) are kept as run steps.
      SELECT res.id, run.conversation_id, call.tool_args->>'reason',
             ARRAY(SELECT jsonb_array_elements_text(call.tool_args->'lineIds')),
             res.created_at, NULL::jsonb, o.id
        FROM run_steps AS res
        JOIN run_steps AS call
          ON call.run_id = res.run_id AND call.kind = 'tool_call'
         AND call.tool_call_id = res.tool_call_id
        JOIN runs AS run ON run.id = res.run_id
        JOIN conversations AS conv ON conv.id = run.conversation_id
        JOIN customers AS cu ON cu.id = conv.customer_id
        JOIN orders AS o ON o.customer_id = cu.id AND o.number = call.tool_args->>'orderNumber'
       WHERE cu.workspace_id = ${input.workspaceId}
         AND res.kind = 'tool_result' AND res.tool_name = 'propose_refund' AND res.is_error
         AND jsonb_typeof(res.tool_result->'reasons') = 'array'
         AND jsonb_typeof(call.tool_args->'lineIds') = 'array'
         AND res.created_at >= ${input.since} AND res.created_at <= ${input.until}
    )
    SELECT q.id, q.conversation_id, c.channel::text AS channel, q.reason, q.line_ids,
           q.created_at, q.order_facts,
           CASE WHEN q.order_facts IS NULL THEN json_build_object(
             'orderId', o.id, 'orderNumber', o.number, 'customerId', o.customer_id,
             'currency', o.currency, 'deliveredAt', o.delivered_at,
             'shippingCents', o.shipping_cents, 'paymentMethodLabel', o.payment_method_label,
             'shippingAlreadyRefunded', o.shipping_refunded_in_store OR EXISTS (
               SELECT 1 FROM refunds AS r
                WHERE r.order_id = o.id AND r.status NOT IN ('failed', 'canceled')
                  AND r.shipping_cents > 0 AND r.created_at < q.created_at),
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
                             AND r.created_at < q.created_at), 0)))
                      ORDER BY l.position)
                 FROM order_lines AS l
                WHERE l.order_id = o.id AND (l.removed_at IS NULL OR l.removed_at > q.created_at)
             ), '[]'::json))
           END AS rebuilt_order
      FROM requests AS q
      JOIN conversations AS c ON c.id = q.conversation_id
      JOIN orders AS o ON o.id = q.order_id
     ORDER BY q.created_at, q.id`;
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
