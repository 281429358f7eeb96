import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ConversationChannel, ConversationStatus } from "@/lib/generated/prisma/enums";

export type InboxFilter = {
  statuses?: ConversationStatus[];
  channel?: ConversationChannel;
  /** Free text: subject, customer name or email, order number, or a conversation id. */
  search?: string;
  /** Only these conversations: the ones behind an /insights figure. */
  conversationIds?: string[];
};

/** A position in the (lastMessageAt desc, id desc) order: the row a page starts after/before. */
export type InboxCursor = { lastMessageAt: Date; id: string };

/*
 * The inbox's WHERE clause over `conversations c`, as SQL. Each search word must be found
 * somewhere ("maya coffee" finds Maya's coffee-maker ticket): in the subject or the customer's
 * name or email (a substring, any case), as the whole order number (any case), or as the
 * conversation id (exactly). The conversation row carries all of them in lower case
 * (search_text and search_order_number, kept by triggers), so each word is one OR of index
 * conditions on one table: the pg_trgm GIN index serves LIKE lower('%word%'), the word's
 * wildcards escaped, which matches what ILIKE would.
 */
export function inboxConditions(filter: InboxFilter): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filter.statuses && filter.statuses.length > 0) {
    conditions.push(Prisma.sql`c.status = ANY(${filter.statuses}::"ConversationStatus"[])`);
  }
  if (filter.channel) {
    conditions.push(Prisma.sql`c.channel = ${filter.channel}::"ConversationChannel"`);
  }
  if (filter.conversationIds) {
    conditions.push(Prisma.sql`c.id = ANY(${filter.conversationIds}::text[])`);
  }
  for (const word of searchWords(filter.search)) conditions.push(wordCondition(word));
  return conditions;
}

export function searchWords(search: string | undefined): string[] {
  return search?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/** The word as a LIKE pattern that matches only itself: `\`, `%` and `_` escaped. */
function likeLiteral(word: string): string {
  return word.replace(/[\\%_]/g, "\\$&");
}

function wordCondition(word: string): Prisma.Sql {
  return Prisma.sql`(c.search_text LIKE lower(${`%${likeLiteral(word)}%`})
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
