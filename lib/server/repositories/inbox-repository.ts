import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { ConversationChannel, ConversationStatus } from "@/lib/generated/prisma/enums";
import { db as defaultDb } from "@/lib/server/db";

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

function filterWhere(filter: InboxFilter): Prisma.ConversationWhereInput {
  const where: Prisma.ConversationWhereInput = {};
  if (filter.statuses && filter.statuses.length > 0) where.status = { in: filter.statuses };
  if (filter.channel) where.channel = filter.channel;
  if (filter.conversationIds) where.id = { in: filter.conversationIds };
  const terms = filter.search?.trim().split(/\s+/).filter(Boolean) ?? [];
  // Every word must be found somewhere ("maya coffee" finds Maya's coffee-maker ticket).
  if (terms.length > 0) where.AND = terms.map(termWhere);
  return where;
}

function termWhere(term: string): Prisma.ConversationWhereInput {
  // Prisma passes `contains`, and `equals` in insensitive mode, to ILIKE as is: escape its
  // wildcards so "%" or "_" match literally.
  const literal = term.replace(/[\\%_]/g, "\\$&");
  const text = { contains: literal, mode: "insensitive" } as const;
  return {
    OR: [
      { subject: text },
      { customer: { name: text } },
      { customer: { email: text } },
      { order: { number: { equals: literal, mode: "insensitive" } } },
      { id: term },
    ],
  };
}

// Keyset condition: strictly past the cursor in the listing order (or before it, for `newer`).
function cursorWhere(
  cursor: InboxCursor,
  direction: "older" | "newer",
): Prisma.ConversationWhereInput {
  const cmp = direction === "older" ? "lt" : "gt";
  return {
    OR: [
      { lastMessageAt: { [cmp]: cursor.lastMessageAt } },
      { lastMessageAt: cursor.lastMessageAt, id: { [cmp]: cursor.id } },
    ],
  };
}

/**
 * One page of the inbox, newest activity first, by keyset (no OFFSET): the cost of a page does
 * not grow with how deep it is. Fetches one row more than asked to tell whether more exist.
 */
export async function listInboxConversations(
  query: InboxPageQuery,
  db: PrismaClient = defaultDb,
): Promise<{ rows: InboxConversationRow[]; hasMore: boolean }> {
  const base = filterWhere(query);
  const newer = query.before !== undefined;
  const cursor = query.before ?? query.after;
  const where: Prisma.ConversationWhereInput = cursor
    ? { AND: [base, cursorWhere(cursor, newer ? "newer" : "older")] }
    : base;
  const direction = newer ? "asc" : "desc";

  const rows = await db.conversation.findMany({
    where,
    orderBy: [{ lastMessageAt: direction }, { id: direction }],
    take: query.limit + 1,
    select: conversationSelect,
  });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  return { rows: newer ? page.reverse() : page, hasMore };
}

/** How many conversations are in each status, for the filter labels. */
export async function countInboxByStatus(
  filter: Omit<InboxFilter, "statuses">,
  db: PrismaClient = defaultDb,
): Promise<Partial<Record<ConversationStatus, number>>> {
  const groups = await db.conversation.groupBy({
    by: ["status"],
    where: filterWhere(filter),
    _count: { _all: true },
  });
  return Object.fromEntries(groups.map((group) => [group.status, group._count._all]));
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
