import "server-only";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { ConversationStatus } from "@/lib/generated/prisma/enums";
import { db as defaultDb } from "@/lib/server/db";
import {
  cursorCondition,
  type InboxCursor,
  type InboxFilter,
  inboxConditions,
  searchWords,
  whereClause,
} from "./inbox-conditions";

export type { InboxCursor, InboxFilter } from "./inbox-conditions";

export type InboxPageQuery = InboxFilter & {
  limit: number;
  /** Rows older than this one (the next page). */
  after?: InboxCursor;
  /** Rows newer than this one (the previous page). */
  before?: InboxCursor;
};

const conversationSelect = {
  id: true,
  channel: true,
  status: true,
  subject: true,
  amountAtStakeCents: true,
  currency: true,
  lastMessageAt: true,
  createdAt: true,
  ticketStatus: true,
  customer: { select: { id: true, name: true, email: true } },
  order: { select: { number: true } },
  assignee: { select: { name: true } },
  humanOwner: { select: { name: true } },
  needsPersonReason: true,
} as const;

export type InboxConversationRow = Prisma.ConversationGetPayload<{
  select: typeof conversationSelect;
}>;

type StatusCounts = Partial<Record<ConversationStatus, number>>;

function pageOrder(query: InboxPageQuery): Prisma.Sql {
  return query.before !== undefined
    ? Prisma.sql`c.last_message_at ASC, c.id ASC`
    : Prisma.sql`c.last_message_at DESC, c.id DESC`;
}

function pageConditions(query: InboxPageQuery): Prisma.Sql[] {
  const cursor = query.before ?? query.after;
  return cursor ? [cursorCondition(cursor, query.before ? "newer" : "older")] : [];
}

/** Browsing: the page's ids, one more than `limit`, read off the activity index in order. */
export function inboxPageSql(query: InboxPageQuery): Prisma.Sql {
  const conditions = [...inboxConditions(query), ...pageConditions(query)];
  return Prisma.sql`SELECT c.id FROM conversations c ${whereClause(conditions)}
    ORDER BY ${pageOrder(query)} LIMIT ${query.limit + 1}`;
}

/** Browsing: conversations per status under every filter but the status one. */
export function inboxStatusCountSql(query: InboxPageQuery): Prisma.Sql {
  return Prisma.sql`SELECT c.status, count(*)::int AS count FROM conversations c
    ${whereClause(inboxConditions({ ...query, statuses: undefined }))}
    GROUP BY c.status`;
}

/*
 * Searching: the matches are collected once, through the indexes, and both the page and the
 * status counts are read from them. MATERIALIZED because the plan kept for every search (a
 * generic plan, which cannot know how rare a word is) would otherwise walk the whole activity
 * index testing each row for the page, a full scan when few match.
 */
export function inboxSearchSql(query: InboxPageQuery): Prisma.Sql {
  const matchConditions = inboxConditions({ ...query, statuses: undefined });
  const statusConditions = inboxConditions({ statuses: query.statuses });
  const pageWhere = whereClause([...statusConditions, ...pageConditions(query)]);
  return Prisma.sql`WITH matched AS MATERIALIZED (
      SELECT c.id, c.last_message_at, c.status FROM conversations c ${whereClause(matchConditions)})
    SELECT
      (SELECT coalesce(json_agg(page.id ORDER BY page.position), '[]'::json) FROM (
        SELECT c.id, row_number() OVER (ORDER BY ${pageOrder(query)}) AS position
        FROM matched c ${pageWhere} ORDER BY ${pageOrder(query)} LIMIT ${query.limit + 1}) page
      ) AS ids,
      (SELECT coalesce(json_object_agg(counted.status, counted.count), '{}'::json) FROM (
        SELECT c.status, count(*)::int AS count FROM matched c GROUP BY c.status) counted
      ) AS counts`;
}

async function findPageIds(query: InboxPageQuery, db: PrismaClient) {
  if (searchWords(query.search).length > 0) {
    const [found] = await db.$queryRaw<{ ids: string[]; counts: StatusCounts }[]>(
      inboxSearchSql(query),
    );
    return { ids: found?.ids ?? [], statusCounts: found?.counts ?? {} };
  }
  const [found, groups] = await Promise.all([
    db.$queryRaw<{ id: string }[]>(inboxPageSql(query)),
    db.$queryRaw<{ status: ConversationStatus; count: number }[]>(inboxStatusCountSql(query)),
  ]);
  const statusCounts = Object.fromEntries(groups.map((group) => [group.status, group.count]));
  return { ids: found.map((row) => row.id), statusCounts };
}

/**
 * One page of the inbox, newest activity first, by keyset (no OFFSET): the cost of a page does
 * not grow with how deep it is. Fetches one row more than asked to tell whether more exist.
 * With it, how many conversations are in each status under the other filters, for the filter
 * labels. The ids come from SQL (filters and search: inbox-conditions.ts), the rows from Prisma.
 */
export async function findInboxPage(
  query: InboxPageQuery,
  db: PrismaClient = defaultDb,
): Promise<{ rows: InboxConversationRow[]; hasMore: boolean; statusCounts: StatusCounts }> {
  const { ids: found, statusCounts } = await findPageIds(query, db);
  const hasMore = found.length > query.limit;
  const ids = found.slice(0, query.limit);
  const rows = await db.conversation.findMany({
    where: { id: { in: ids } },
    select: conversationSelect,
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A row deleted between the two reads is left out rather than failing the page.
  const page = ids.flatMap((id) => byId.get(id) ?? []);
  return { rows: query.before !== undefined ? page.reverse() : page, hasMore, statusCounts };
}

export async function countConversations(db: PrismaClient = defaultDb): Promise<number> {
  return db.conversation.count();
}

export async function listCustomerOrders(limit: number, db: PrismaClient = defaultDb) {
  return db.order.findMany({
    orderBy: [{ placedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      number: true,
      currency: true,
      deliveredAt: true,
      shippingCents: true,
      customer: { select: { name: true, email: true } },
      lines: {
        orderBy: { position: "asc" },
        select: { id: true, name: true, quantity: true, unitPriceCents: true, finalSale: true },
      },
    },
  });
}

/** Customer names and addresses, for suggestions in the "New email" form. */
export async function listCustomerContacts(limit: number, db: PrismaClient = defaultDb) {
  return db.customer.findMany({
    orderBy: { name: "asc" },
    take: limit,
    select: { name: true, email: true },
  });
}
