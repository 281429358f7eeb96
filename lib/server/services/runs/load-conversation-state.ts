import "server-only";
import type { ActionDecision, ActionSnapshot, ConversationState } from "@/lib/agent/model/provider";
import { describeReturnFees } from "@/lib/domain/customer-phrases";
import { quoteSchema, renderQuoteMarkdown } from "@/lib/domain/quote";
import type { PrismaClient } from "@/lib/generated/prisma/client";

const RECENT_ACTIONS = 5;

type StateRow = {
  channel: ConversationState["channel"];
  customer_name: string;
  customer_email: string;
  actions: {
    id: string;
    status: string;
    orderNumber: string;
    quote: unknown;
    reason: string;
    netRefundCents: number;
    currency: string;
    needsApproval: boolean;
    updatedAt: string;
    decision: ActionDecision | null;
  }[];
};

// Loaded before every model step, so one statement rather than an include tree, which Prisma
// sends as one SELECT per relation (conversation, customer, actions, orders, decisions, deciders).
export async function loadConversationState(
  db: PrismaClient,
  conversationId: string,
): Promise<ConversationState> {
  const [row] = await db.$queryRaw<StateRow[]>`
    SELECT c.channel::text AS channel, cu.name AS customer_name, cu.email AS customer_email,
           COALESCE((
             SELECT json_agg(json_build_object(
                      'id', pa.id,
                      'status', pa.status,
                      'orderNumber', o.number,
                      'quote', pa.quote,
                      'reason', pa.reason,
                      'netRefundCents', pa.net_refund_cents,
                      'currency', pa.currency,
                      'needsApproval', pa.needs_approval,
                      -- The same text as Date#toISOString (timestamps are stored in UTC).
                      'updatedAt', to_char(pa.updated_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                      'decision', CASE WHEN d.id IS NULL THEN NULL ELSE json_build_object(
                        'kind', d.decision, 'note', d.note, 'deciderName', s.name) END)
                    ORDER BY pa.updated_at DESC, pa.created_at DESC)
               FROM (SELECT * FROM pending_actions
                      WHERE conversation_id = c.id
                      ORDER BY updated_at DESC, created_at DESC
                      LIMIT ${RECENT_ACTIONS}) AS pa
               JOIN orders AS o ON o.id = pa.order_id
               LEFT JOIN approval_decisions AS d ON d.pending_action_id = pa.id
               LEFT JOIN staff_users AS s ON s.id = d.decider_id
           ), '[]'::json) AS actions
      FROM conversations AS c
      JOIN customers AS cu ON cu.id = c.customer_id
     WHERE c.id = ${conversationId}`;
  if (!row) throw new Error(`Conversation ${conversationId} not found`);
  return {
    conversationId,
    channel: row.channel,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    actions: row.actions.map((action): ActionSnapshot => {
      const quote = quoteSchema.parse(action.quote);
      return {
        id: action.id,
        status: action.status,
        orderNumber: action.orderNumber,
        lineNames: quote.lines.map((line) => line.name),
        reason: action.reason,
        netRefundCents: action.netRefundCents,
        currency: action.currency,
        needsApproval: action.needsApproval,
        quoteMarkdown: renderQuoteMarkdown(quote),
        returnFees: describeReturnFees(quote),
        updatedAt: action.updatedAt,
        decision: action.decision,
      };
    }),
  };
}
