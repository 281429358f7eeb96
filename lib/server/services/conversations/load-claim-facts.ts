import { renderingLanguage } from "@/lib/domain/languages";
import "server-only";
import { z } from "zod";
import { SUPPORT_SIGNATURE } from "@/lib/agent/tools/send-customer-message.tool";
import { type ClaimFacts, policyClaimFacts } from "@/lib/domain/check-customer-message-claims";
import { type RefusalReason, refusalReasonsIn } from "@/lib/domain/deny-reason-text";
import { inferOrderNumbers } from "@/lib/domain/parse-request";
import { pendingActionStatusSchema } from "@/lib/domain/pending-action-status";
import { quoteSchema } from "@/lib/domain/quote";
import { REFUND_STATES } from "@/lib/domain/refund-state";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { policyInForceForCustomer } from "@/lib/server/policies/policy-versions";
import { SETTING_ROW_KEYS, settingsFromRows } from "@/lib/server/settings/get-settings";

const refundStateSchema = z.enum(REFUND_STATES);

type FactsRow = {
  actions: {
    id: string;
    status: string;
    quote: unknown;
    quoteHash: string;
    needsApproval: boolean;
    idempotencyKey: string;
    decision: string | null;
    decisionNote: string | null;
    refused: RefusalReason[] | null;
    refund: { state: string; reason: string | null; wasPaid: boolean } | null;
  }[];
  orders: {
    id: string;
    number: string;
    currency: string;
    shippingCents: number;
    placedAt: string;
    deliveredAt: string | null;
    lines: { id: string; name: string; quantity: number; unitPriceCents: number }[];
  }[];
  charges: { id: string; reference: string; amountCents: number; currency: string }[];
  refunds: {
    id: string;
    providerRefundId: string;
    idempotencyKey: string;
    orderNumber: string;
    amountCents: number;
    shippingCents: number;
    currency: string;
    lines: { name: string; amountCents: number }[];
  }[];
  disputes: {
    id: string;
    idempotencyKey: string;
    chargeReferences: string[];
    amountCents: number;
    suppliedAmountCents: number | null;
    currency: string;
    category: ClaimFacts["disputes"][number]["category"];
    status: ClaimFacts["disputes"][number]["status"];
  }[];
  settings: { key: string; value: unknown }[];
  runIds: string[];
  refusals: { toolName: string; result: unknown }[];
  customerTexts: string[];
  previousAgentMessage: string | null;
  languageCode: string | null;
};

/*
 * What the supervisor checks a customer message against, read fresh from Postgres when the
 * message is about to be sent: this conversation's actions and disputes, and the customer's
 * orders, charges and refunds (the ledger), the order numbers the customer typed here, every id
 * that must never be shown (runs included) and the agent's previous customer-visible message (a claim may be split across two). One
 * statement (it runs before every reply and every reply preview), settings included.
 */
export async function loadClaimFacts(
  db: PrismaClient,
  conversation: { id: string; customerId: string; channel: ClaimFacts["channel"] },
  now: Date,
): Promise<ClaimFacts> {
  // The policy the agent may quote is the one in force now for the customer's workspace.
  const [inForce, [row]] = await Promise.all([
    policyInForceForCustomer(db, conversation.customerId, now),
    db.$queryRaw<FactsRow[]>`
    SELECT
      COALESCE((
        SELECT json_agg(json_build_object(
                 'id', pa.id, 'status', pa.status, 'quote', pa.quote, 'quoteHash', pa.quote_hash,
                 'needsApproval', pa.needs_approval,
                 'idempotencyKey', pa.idempotency_key, 'decision', d.decision,
                 'decisionNote', d.note,
                 -- The lines the policy engine left out, as the proposal's tool result has them.
                 'refused', (SELECT s.tool_result->'refused' FROM run_steps AS s
                              JOIN runs AS r ON r.id = s.run_id
                             WHERE r.conversation_id = pa.conversation_id
                               AND s.kind = 'tool_result' AND s.tool_name = 'propose_refund'
                               AND NOT s.is_error AND s.tool_result->>'actionId' = pa.id
                             ORDER BY s.created_at LIMIT 1),
                 -- The provider's own word on the money, once it accepted the refund.
                 'refund', (SELECT json_build_object('state', rf.status, 'reason', rf.status_reason,
                                                     'wasPaid', rf.paid_at IS NOT NULL)
                              FROM refunds AS rf WHERE rf.pending_action_id = pa.id))
               ORDER BY pa.created_at, pa.id)
          FROM pending_actions AS pa
          LEFT JOIN approval_decisions AS d ON d.pending_action_id = pa.id
         WHERE pa.conversation_id = ${conversation.id}
      ), '[]'::json) AS actions,
      COALESCE((
        SELECT json_agg(json_build_object(
                 'id', o.id, 'number', o.number, 'currency', o.currency,
                 'shippingCents', o.shipping_cents,
                 'placedAt', o.placed_at, 'deliveredAt', o.delivered_at,
                 'lines', COALESCE((
                   SELECT json_agg(json_build_object(
                            'id', l.id, 'name', l.name, 'quantity', l.quantity,
                            'unitPriceCents', l.unit_price_cents)
                          ORDER BY l.position)
                     FROM order_lines AS l WHERE l.order_id = o.id), '[]'::json))
               ORDER BY o.created_at, o.id)
          FROM orders AS o WHERE o.customer_id = ${conversation.customerId}
      ), '[]'::json) AS orders,
      COALESCE((
        SELECT json_agg(json_build_object(
                 'id', ch.id, 'reference', ch.reference, 'amountCents', ch.amount_cents,
                 'currency', ch.currency)
               ORDER BY ch.charged_at, ch.id)
          FROM charges AS ch WHERE ch.customer_id = ${conversation.customerId}
      ), '[]'::json) AS charges,
      COALESCE((
        SELECT json_agg(json_build_object(
                 'id', r.id, 'providerRefundId', r.provider_refund_id,
                 'idempotencyKey', r.idempotency_key, 'orderNumber', o.number,
                 'amountCents', r.amount_cents, 'shippingCents', r.shipping_cents,
                 'currency', r.currency,
                 'lines', COALESCE((
                   SELECT json_agg(json_build_object('name', ol.name, 'amountCents', rl.amount_cents)
                                   ORDER BY rl.id)
                     FROM refund_lines AS rl JOIN order_lines AS ol ON ol.id = rl.order_line_id
                    WHERE rl.refund_id = r.id), '[]'::json))
               ORDER BY r.created_at, r.id)
          FROM refunds AS r JOIN orders AS o ON o.id = r.order_id
         WHERE r.customer_id = ${conversation.customerId}
      ), '[]'::json) AS refunds,
      COALESCE((
        SELECT json_agg(json_build_object(
                 'id', dt.id, 'idempotencyKey', dt.idempotency_key,
                 'chargeReferences', dt.charge_references, 'amountCents', dt.amount_cents,
                 'suppliedAmountCents', dt.supplied_amount_cents, 'currency', dt.currency,
                 'category', dt.category,
                 'status', dt.status)
               ORDER BY dt.created_at, dt.id)
          FROM dispute_tickets AS dt WHERE dt.conversation_id = ${conversation.id}
      ), '[]'::json) AS disputes,
      COALESCE((
        SELECT json_agg(json_build_object('key', s.key, 'value', s.value))
          FROM settings AS s WHERE s.key = ANY(${SETTING_ROW_KEYS}::text[])
      ), '[]'::json) AS settings,
      COALESCE((
        SELECT json_agg(r.id) FROM runs AS r WHERE r.conversation_id = ${conversation.id}
      ), '[]'::json) AS "runIds",
      COALESCE((
        SELECT json_agg(json_build_object('toolName', s.tool_name, 'result', s.tool_result)
                        ORDER BY s.created_at, s.sequence)
          FROM run_steps AS s JOIN runs AS r ON r.id = s.run_id
         WHERE r.conversation_id = ${conversation.id} AND s.kind = 'tool_result'
           AND s.tool_name IN ('check_refund_policy', 'propose_refund', 'open_billing_dispute')
      ), '[]'::json) AS refusals,
      COALESCE((
        SELECT json_agg(m.body ORDER BY m.created_at, m.id) FROM messages AS m
         WHERE m.conversation_id = ${conversation.id} AND m.author_kind = 'customer'
      ), '[]'::json) AS "customerTexts",
      (SELECT m.body FROM messages AS m
        WHERE m.conversation_id = ${conversation.id} AND m.author_kind = 'agent'
          AND m.visibility = 'customer'
        ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS "previousAgentMessage",
      (SELECT c.language FROM conversations AS c WHERE c.id = ${conversation.id}) AS "languageCode"`,
  ]);
  if (!row) throw new Error("claim facts query returned no row");
  const { actions, orders, charges, refunds, disputes } = row;
  const language = renderingLanguage({ code: row.languageCode, source: null });
  const policy = policyClaimFacts(inForce, settingsFromRows(row.settings), language);
  const rejectionNoteOf = (action: FactsRow["actions"][number]) =>
    action.decision === "rejected" && action.decisionNote ? action.decisionNote : null;
  const rejectionNotes = actions.flatMap((action) => rejectionNoteOf(action) ?? []);
  return {
    channel: conversation.channel,
    languageCode: row.languageCode,
    language,
    actions: actions.map((action) => ({
      id: action.id,
      status: pendingActionStatusSchema.parse(action.status),
      quote: quoteSchema.parse(action.quote),
      needsApproval: action.needsApproval,
      rejectionNote: rejectionNoteOf(action),
      refund: action.refund && {
        state: refundStateSchema.parse(action.refund.state),
        reason: action.refund.reason,
        wasPaid: action.refund.wasPaid,
      },
      refusedLines: (action.refused ?? []).flatMap((reason) => refusalReasonsIn([reason])),
    })),
    refunds: refunds.map((refund) => ({
      orderNumber: refund.orderNumber,
      amountCents: refund.amountCents,
      shippingCents: refund.shippingCents,
      currency: refund.currency,
      lines: refund.lines,
    })),
    orders: orders.map((order) => ({
      orderNumber: order.number,
      currency: order.currency,
      shippingCents: order.shippingCents,
      placedAt: new Date(order.placedAt),
      deliveredAt: order.deliveredAt === null ? null : new Date(order.deliveredAt),
      lines: order.lines.map(({ name, quantity, unitPriceCents }) => ({
        name,
        quantity,
        unitPriceCents,
      })),
    })),
    customerOrderMentions: [...new Set(row.customerTexts.flatMap(inferOrderNumbers))],
    charges: charges.map(({ reference, amountCents, currency }) => ({
      reference,
      amountCents,
      currency,
    })),
    disputes: disputes.map((dispute) => ({
      chargeReferences: dispute.chargeReferences,
      amountCents: dispute.amountCents,
      suppliedAmountCents: dispute.suppliedAmountCents,
      currency: dispute.currency,
      category: dispute.category,
      status: dispute.status,
    })),
    policy: policy.policy,
    verbatim: [...policy.verbatim, ...rejectionNotes],
    previousAgentMessage: withoutSignature(row.previousAgentMessage),
    ...refusalsOf(row.refusals),
    internalIds: [
      conversation.id,
      conversation.customerId,
      ...row.runIds,
      ...actions.flatMap((action) => [action.id, action.quoteHash, action.idempotencyKey]),
      ...refunds.flatMap((refund) => [refund.id, refund.providerRefundId, refund.idempotencyKey]),
      ...orders.flatMap((order) => [order.id, ...order.lines.map((line) => line.id)]),
      ...charges.map((charge) => charge.id),
      ...disputes.flatMap((dispute) => [dispute.id, dispute.idempotencyKey]),
    ],
  };
}

// The signature closes every agent message; the claim a next message may continue is before it.
function withoutSignature(body: string | null): string | null {
  if (body === null) return null;
  const signed = body.trimEnd();
  return signed.endsWith(SUPPORT_SIGNATURE)
    ? signed.slice(0, -SUPPORT_SIGNATURE.length).trimEnd()
    : signed;
}

// The policy engine's and the ledger's own words from the tool results: every deny reason of a
// policy check or proposal, and the newest billing review request's refusals.
function refusalsOf(
  steps: FactsRow["refusals"],
): Pick<ClaimFacts, "policyRefusals" | "disputeRefusals"> {
  const policyRefusals = new Map<string, RefusalReason>();
  let disputeRefusals: string[] = [];
  for (const step of steps) {
    const result = (step.result ?? {}) as Record<string, unknown>;
    if (step.toolName === "open_billing_dispute") {
      disputeRefusals = refusalReasonsIn(result.refused).map((reason) => reason.message);
      continue;
    }
    const lines = Array.isArray(result.lines) ? (result.lines as Record<string, unknown>[]) : [];
    for (const reason of [
      ...refusalReasonsIn(result.denyReasons),
      ...refusalReasonsIn(result.reasons),
      ...refusalReasonsIn(result.refused),
      ...lines.flatMap((line) => refusalReasonsIn(line.reasons)),
    ]) {
      policyRefusals.set(`${reason.sectionId} ${reason.message}`, reason);
    }
  }
  return { policyRefusals: [...policyRefusals.values()], disputeRefusals };
}
