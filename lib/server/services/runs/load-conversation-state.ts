import type { LanguageSource } from "@/lib/domain/languages";
import "server-only";
import type { ActionDecision, ActionSnapshot, ConversationState } from "@/lib/agent/model/provider";
import { describeReturnFees } from "@/lib/domain/customer-phrases";
import { quoteSchema, renderQuoteMarkdown } from "@/lib/domain/quote";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { TranscriptMessage } from "./load-transcript";

const RECENT_ACTIONS = 5;

type StateRow = {
  channel: ConversationState["channel"];
  customer_name: string;
  customer_email: string;
  language: string | null;
  language_source: LanguageSource | null;
  customer_photos: number;
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
    refundState: string | null;
  }[];
  messages?: (Omit<TranscriptMessage, "createdAt"> & { createdAt: string })[];
};

// Loaded before every model step, so one statement rather than an include tree, which Prisma
// sends as one SELECT per relation (conversation, customer, actions, orders, decisions, deciders).
export async function loadConversationState(
  db: PrismaClient,
  conversationId: string,
): Promise<ConversationState> {
  return toConversationState(conversationId, await loadStateRow(db, conversationId, false));
}

/** What the loop reads before a model step: the state and the conversation's messages. */
export type ModelInput = { state: ConversationState; messages: TranscriptMessage[] };

/*
 * The state and the conversation's messages (in the transcript's order) in the same statement:
 * what the loop reads before each model step, the run's steps being in its memory already. A
 * customer message that arrived mid-run is in the next step's read.
 */
export async function loadStateAndMessages(
  db: PrismaClient,
  conversationId: string,
): Promise<ModelInput> {
  return toModelInput(conversationId, await loadStateRow(db, conversationId, true));
}

/*
 * The same read as one JSON column of another statement (the run's start, a step write), so the
 * loop gets its next model input without a round trip of its own. Like any part of a statement it
 * sees what was committed when the statement began.
 */
// `conversationId` is a value or, inside a larger statement, an outer column that holds it (not
// one of the aliases used here: c, cu, pa, o, d, s, m, at).
export function modelInputColumn(conversationId: string | Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT row_to_json(input) FROM (${stateSelect(conversationId, true)}) AS input)`;
}

/** Parses what modelInputColumn returned. */
export function parseModelInput(conversationId: string, column: unknown): ModelInput {
  if (!column) throw new Error(`Conversation ${conversationId} not found`);
  return toModelInput(conversationId, column as StateRow);
}

function toModelInput(conversationId: string, row: StateRow): ModelInput {
  return {
    state: toConversationState(conversationId, row),
    messages: (row.messages ?? []).map((message) => ({
      ...message,
      createdAt: new Date(message.createdAt),
    })),
  };
}

const MESSAGES_COLUMN = Prisma.sql`,
           COALESCE((
             SELECT json_agg(json_build_object(
                      'id', m.id,
                      'body', m.body,
                      'authorKind', m.author_kind,
                      'runId', m.run_id,
                      'presentedActionId', m.presented_action_id,
                      'noteKind', m.note_kind,
                      'noteData', m.note_data,
                      'createdAt', m.created_at)
                    ORDER BY m.created_at, m.id)
               FROM messages AS m
              WHERE m.conversation_id = c.id
           ), '[]'::json) AS messages`;

async function loadStateRow(
  db: PrismaClient,
  conversationId: string,
  withMessages: boolean,
): Promise<StateRow> {
  const [row] = await db.$queryRaw<StateRow[]>(stateSelect(conversationId, withMessages));
  if (!row) throw new Error(`Conversation ${conversationId} not found`);
  return row;
}

function stateSelect(conversationId: string | Prisma.Sql, withMessages: boolean): Prisma.Sql {
  return Prisma.sql`
    SELECT c.channel::text AS channel, cu.name AS customer_name, cu.email AS customer_email,
           c.language, c.language_source::text AS language_source,
           (SELECT count(*)::int FROM attachments AS at
             WHERE at.conversation_id = c.id AND at.stored_mime LIKE 'image/%') AS customer_photos,
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
                        'kind', d.decision, 'note', d.note, 'deciderName', s.name) END,
                      'refundState', r.status)
                    ORDER BY pa.updated_at DESC, pa.created_at DESC)
               FROM (SELECT * FROM pending_actions
                      WHERE conversation_id = c.id
                      ORDER BY updated_at DESC, created_at DESC
                      LIMIT ${RECENT_ACTIONS}) AS pa
               JOIN orders AS o ON o.id = pa.order_id
               LEFT JOIN approval_decisions AS d ON d.pending_action_id = pa.id
               LEFT JOIN staff_users AS s ON s.id = d.decider_id
               LEFT JOIN refunds AS r ON r.pending_action_id = pa.id
           ), '[]'::json) AS actions${withMessages ? MESSAGES_COLUMN : Prisma.empty}
      FROM conversations AS c
      JOIN customers AS cu ON cu.id = c.customer_id
     WHERE c.id = ${conversationId}`;
}

function toConversationState(conversationId: string, row: StateRow): ConversationState {
  return {
    conversationId,
    channel: row.channel,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    language: { code: row.language, source: row.language_source },
    customerPhotos: row.customer_photos,
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
        refundState: action.refundState,
      };
    }),
  };
}
