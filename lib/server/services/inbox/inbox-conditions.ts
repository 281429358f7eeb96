import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ConversationChannel, ConversationStatus } from "@/lib/generated/prisma/enums";
import { ConversationStatus as ConversationStatuses } from "@/lib/generated/prisma/enums";
import { type SlaAlert, slaAlertCondition } from "@/lib/server/services/sla/sla-inbox-conditions";

export type InboxFilter = {
  statuses?: ConversationStatus[];
  channel?: ConversationChannel;
  /** Free text: subject, customer name or email, order number, or a conversation id. */
  search?: string;
  /** Tag keys (lib/domain/tag-name.ts): only conversations that carry every one. */
  tagKeys?: string[];
  /** Only conversations assigned to this staff user, or with null, to nobody. */
  assigneeId?: string | null;
  /** Only these conversations: the ones behind an /insights figure. */
  conversationIds?: string[];
  /**
   * Only conversations of these workspaces' customers: the viewer's (listInbox always sets it).
   * Absent only where a test or bench reads the query itself.
   */
  workspaceIds?: string[];
  /** Only conversations breaching their SLA soon, or breached, at `at`. */
  sla?: { alert: SlaAlert; at: Date };
};

/** A position in the (lastMessageAt desc, id desc) order: the row a page starts after/before. */
export type InboxCursor = { lastMessageAt: Date; id: string };

export const ALL_STATUSES: readonly ConversationStatus[] = Object.values(ConversationStatuses);

/**
 * The filters other than status and search (the viewer's workspaces, channel, an /insights
 * figure's conversations, assignee, tags).
 */
export function otherConditions(filter: InboxFilter): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filter.workspaceIds) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM customers cw
      WHERE cw.id = c.customer_id AND cw.workspace_id = ANY(${filter.workspaceIds}::text[]))`);
  }
  if (filter.channel) {
    conditions.push(Prisma.sql`c.channel = ${filter.channel}::"ConversationChannel"`);
  }
  if (filter.conversationIds) {
    conditions.push(Prisma.sql`c.id = ANY(${filter.conversationIds}::text[])`);
  }
  if (filter.sla) conditions.push(slaAlertCondition(filter.sla.alert, filter.sla.at));
  if (filter.assigneeId !== undefined) {
    conditions.push(
      filter.assigneeId === null
        ? Prisma.sql`c.assignee_id IS NULL`
        : Prisma.sql`c.assignee_id = ${filter.assigneeId}`,
    );
  }
  if (filter.tagKeys && filter.tagKeys.length > 0) {
    conditions.push(tagCondition(filter.tagKeys));
  }
  return conditions;
}

/*
 * The conversations that carry every tag: read from each tag to its conversations
 * (conversation_tags by tag_id), so a rare tag reads only its own rows whatever the inbox's size.
 */
function tagCondition(keys: string[]): Prisma.Sql {
  const distinct = [...new Set(keys)];
  return Prisma.sql`c.id IN (SELECT ct.conversation_id FROM tags t
    JOIN conversation_tags ct ON ct.tag_id = t.id
    WHERE t.key = ANY(${distinct}::text[])
    GROUP BY ct.conversation_id HAVING count(*) = ${distinct.length})`;
}

/*
 * One status as a literal, not a parameter: each status has its own trigram index (partial,
 * WHERE status = '…'), and a plan kept for any parameters can only use one whose condition the
 * statement itself states.
 */
export function statusLiteral(status: ConversationStatus): Prisma.Sql {
  if (!ALL_STATUSES.includes(status)) throw new Error(`not a conversation status: ${status}`);
  return Prisma.raw(`c.status = '${status}'::"ConversationStatus"`);
}

export function searchWords(search: string | undefined): string[] {
  return search?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/*
 * Each search word must be found somewhere ("maya coffee" finds Maya's coffee-maker ticket): in
 * the subject or the customer's name or email (a substring, any case), as the whole order number
 * (any case), or as the conversation id (exactly). The conversation row carries all of them in
 * lower case (search_text and search_order_number, kept by triggers).
 *
 * `indexed`: for reading matches through the trigram indexes. The first part is what an index
 * can answer in one scan: every word in search_text (LIKE lower('%word%'), wildcards escaped,
 * which matches what ILIKE would), or any word as an order number or id; a row that matches
 * every word is in it. The words' own tests then keep only those. Written per word only, the
 * plan kept for every search scanned the index for the first word and tested the others row by
 * row, which reads every row when the first word is in all of them ("customer 1234").
 *
 * `scanned`: for reading rows in activity order and testing each (a broad search, where the next
 * fifty matches are near): the same words' tests, which no index serves, so the plan walks the
 * activity order rather than collecting every match first.
 */
export function searchCondition(words: string[], use: "indexed" | "scanned"): Prisma.Sql[] {
  if (words.length === 0) return [];
  const tests = words.map(wordTest);
  if (use === "scanned") return tests;
  const inText = Prisma.join(
    words.map((word) => Prisma.sql`c.search_text LIKE lower(${`%${likeLiteral(word)}%`})`),
    " AND ",
  );
  return [
    Prisma.sql`(${inText}
      OR c.search_order_number = ANY(ARRAY(SELECT lower(w) FROM unnest(${words}::text[]) w))
      OR c.id = ANY(${words}::text[]))`,
    ...tests,
  ];
}

/** The word as a LIKE pattern that matches only itself: `\`, `%` and `_` escaped. */
function likeLiteral(word: string): string {
  return word.replace(/[\\%_]/g, "\\$&");
}

function wordTest(word: string): Prisma.Sql {
  return Prisma.sql`(strpos(c.search_text, lower(${word})) > 0
    OR c.search_order_number = lower(${word}) OR c.id = ${word})`;
}

/** Strictly past the cursor in the listing order, or before it for `newer`. */
export function cursorCondition(cursor: InboxCursor, direction: "older" | "newer"): Prisma.Sql {
  return direction === "older"
    ? Prisma.sql`(c.last_message_at, c.id) < (${cursor.lastMessageAt}::timestamptz, ${cursor.id})`
    : Prisma.sql`(c.last_message_at, c.id) > (${cursor.lastMessageAt}::timestamptz, ${cursor.id})`;
}

export function whereClause(conditions: Prisma.Sql[]): Prisma.Sql {
  return conditions.length > 0
    ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}`
    : Prisma.empty;
}
