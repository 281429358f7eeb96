import "server-only";
import { type CappedCount, cappedCount, INBOX_COUNT_CAP } from "@/lib/domain/capped-count";
import type { InboxSort } from "@/lib/domain/saved-view-filter";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type {
  ConversationChannel,
  ConversationStatus,
  WorkflowStatus,
} from "@/lib/generated/prisma/enums";
import {
  ALL_STATUSES,
  cursorCondition,
  type InboxCursor,
  type InboxFilter,
  otherConditions,
  searchCondition,
  searchWords,
  statusLiteral,
  whereClause,
} from "./inbox-conditions";

export type { InboxCursor, InboxFilter } from "./inbox-conditions";

export type InboxPageQuery = InboxFilter & {
  limit: number;
  /** Latest activity first (the default), or the longest quiet first. */
  sort?: InboxSort;
  /** Rows after this one in the listing order (the next page). */
  after?: InboxCursor;
  /** Rows before this one in the listing order (the previous page). */
  before?: InboxCursor;
};

export type InboxConversationRow = {
  id: string;
  channel: ConversationChannel;
  status: ConversationStatus;
  subject: string;
  amountAtStakeCents: number | null;
  currency: string;
  lastMessageAt: Date;
  createdAt: Date;
  workflowStatus: WorkflowStatus;
  customer: { id: string; name: string; email: string };
  order: { number: string } | null;
  assignee: { name: string } | null;
  humanOwner: { name: string } | null;
  needsPersonReason: string | null;
  /** The earliest due and near-breach times of the SLA clocks running now, if any. */
  slaDueAt: Date | null;
  slaWarnAt: Date | null;
  tags: { id: string; name: string; color: string | null }[];
};

// The page's rows with their customer, order, staff names and tags in one statement (through the
// client's relation reads, five round trips).
function inboxRowsSql(ids: string[]): Prisma.Sql {
  return Prisma.sql`SELECT c.id, c.channel, c.status, c.subject,
      c.amount_at_stake_cents AS "amountAtStakeCents", c.currency,
      c.last_message_at AS "lastMessageAt", c.created_at AS "createdAt",
      c.ticket_status AS "workflowStatus", c.needs_person_reason AS "needsPersonReason",
      LEAST(c.first_reply_due_at, c.resolution_due_at) AS "slaDueAt",
      LEAST(c.first_reply_warn_at, c.resolution_warn_at) AS "slaWarnAt",
      json_build_object('id', cu.id, 'name', cu.name, 'email', cu.email) AS customer,
      CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('number', o.number) END AS "order",
      CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('name', a.name) END AS assignee,
      CASE WHEN h.id IS NULL THEN NULL ELSE json_build_object('name', h.name) END AS "humanOwner",
      coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
        ORDER BY t.key) FROM conversation_tags ct JOIN tags t ON t.id = ct.tag_id
        WHERE ct.conversation_id = c.id), '[]'::json) AS tags
    FROM conversations c
    JOIN customers cu ON cu.id = c.customer_id
    LEFT JOIN orders o ON o.id = c.order_id
    LEFT JOIN staff_users a ON a.id = c.assignee_id
    LEFT JOIN staff_users h ON h.id = c.human_owner_id
    WHERE c.id = ANY(${ids}::text[])`;
}

/** Per status, how many conversations are in it under the other filters, up to the cap. */
export type StatusCounts = Record<ConversationStatus, CappedCount>;

/** Per status, how many rows a count read: at most INBOX_COUNT_CAP + 1 (one more means more). */
type CountedRows = Partial<Record<ConversationStatus, number>>;

// A previous page is read backwards from its cursor (and turned round by the caller).
function readsNewestFirst(query: InboxPageQuery): boolean {
  return (query.sort === "oldest") === (query.before !== undefined);
}

function pageOrder(query: InboxPageQuery): Prisma.Sql {
  return readsNewestFirst(query)
    ? Prisma.sql`c.last_message_at DESC, c.id DESC`
    : Prisma.sql`c.last_message_at ASC, c.id ASC`;
}

function pageConditions(query: InboxPageQuery): Prisma.Sql[] {
  const cursor = query.before ?? query.after;
  return cursor ? [cursorCondition(cursor, readsNewestFirst(query) ? "older" : "newer")] : [];
}

/** The statuses the page lists, each once (a query string may name one twice). */
function pageStatuses(query: InboxPageQuery): readonly ConversationStatus[] {
  return query.statuses && query.statuses.length > 0 ? [...new Set(query.statuses)] : ALL_STATUSES;
}

/**
 * Browsing: the page's ids, one more than `limit`, read in order: off the activity index, or with
 * a status filter, off each chosen status's index (with the channel's, when filtered by channel)
 * and merged, so that a status that is rare on a channel never makes the page walk the others.
 */
export function inboxPageSql(query: InboxPageQuery): Prisma.Sql {
  const limit = query.limit + 1;
  const conditions = [...otherConditions(query), ...pageConditions(query)];
  if (!query.statuses || query.statuses.length === 0) {
    return Prisma.sql`SELECT c.id FROM conversations c ${whereClause(conditions)}
      ORDER BY ${pageOrder(query)} LIMIT ${limit}`;
  }
  const shares = pageStatuses(query).map(
    (status) => Prisma.sql`(SELECT c.id, c.last_message_at FROM conversations c
      ${whereClause([statusLiteral(status), ...conditions])}
      ORDER BY ${pageOrder(query)} LIMIT ${limit})`,
  );
  return Prisma.sql`SELECT c.id FROM (${Prisma.join(shares, " UNION ALL ")}) c
    ORDER BY ${pageOrder(query)} LIMIT ${limit}`;
}

/**
 * Browsing: per status, under every filter but the status one, how many conversations there
 * are, reading at most one more than the cap off the status's index (with the channel's, when
 * filtered by channel). The order asks for an index: without it, a table that vacuum has not
 * visited yet looks cheaper to read from the start until the cap, which reads all of it for a
 * status with few conversations.
 */
export function inboxStatusCountSql(query: InboxPageQuery): Prisma.Sql {
  const counts = ALL_STATUSES.map((status) => {
    const where = whereClause([statusLiteral(status), ...otherConditions(query)]);
    return Prisma.sql`${status}::text, (SELECT count(*)::int FROM (
      SELECT 1 FROM conversations c ${where}
      ORDER BY c.last_message_at DESC LIMIT ${INBOX_COUNT_CAP + 1}) counted)`;
  });
  return Prisma.sql`SELECT json_build_object(${Prisma.join(counts)}) AS counts`;
}

/*
 * Searching, in one statement. Per status, the matches are read through that status's trigram
 * index, at most one more than the cap (matched_N): that is the status's count. A status with
 * no more than the cap has all its matches there, and its share of the page is read from them;
 * a status with more has so many that its next matches in activity order are near, and its
 * share is read by walking the status's activity index, testing each row (the scanned words),
 * instead of collecting its thousands of matches to sort them. Which of the two runs is decided
 * by the count as the statement runs (a one-time filter), not by the plan, which is kept for
 * every search (a generic plan) and cannot know how common a word is.
 */
export function inboxSearchSql(query: InboxPageQuery): Prisma.Sql {
  const words = searchWords(query.search);
  const cap = INBOX_COUNT_CAP;
  const matched = (status: ConversationStatus) =>
    Prisma.raw(`matched_${ALL_STATUSES.indexOf(status)}`);
  const matchedSql = ALL_STATUSES.map((status) => {
    const where = whereClause([
      statusLiteral(status),
      ...otherConditions(query),
      ...searchCondition(words, "indexed"),
    ]);
    return Prisma.sql`${matched(status)} AS MATERIALIZED (
      SELECT c.id, c.last_message_at FROM conversations c ${where} LIMIT ${cap + 1})`;
  });
  const counts = ALL_STATUSES.map(
    (status) => Prisma.sql`${status}::text, (SELECT count(*)::int FROM ${matched(status)})`,
  );
  const limit = query.limit + 1;
  const shares = pageStatuses(query).flatMap((status) => {
    const count = Prisma.sql`(SELECT count(*) FROM ${matched(status)})`;
    const fromMatches = whereClause([Prisma.sql`${count} <= ${cap}`, ...pageConditions(query)]);
    const walked = whereClause([
      Prisma.sql`${count} > ${cap}`,
      statusLiteral(status),
      ...otherConditions(query),
      ...searchCondition(words, "scanned"),
      ...pageConditions(query),
    ]);
    return [
      Prisma.sql`(SELECT c.id, c.last_message_at FROM ${matched(status)} c ${fromMatches}
        ORDER BY ${pageOrder(query)} LIMIT ${limit})`,
      Prisma.sql`(SELECT c.id, c.last_message_at FROM conversations c ${walked}
        ORDER BY ${pageOrder(query)} LIMIT ${limit})`,
    ];
  });
  return Prisma.sql`WITH ${Prisma.join(matchedSql)}
    SELECT json_build_object(${Prisma.join(counts)}) AS counts,
      (SELECT coalesce(json_agg(page.id ORDER BY page.position), '[]'::json) FROM (
        SELECT c.id, row_number() OVER (ORDER BY ${pageOrder(query)}) AS position
        FROM (${Prisma.join(shares, " UNION ALL ")}) c
        ORDER BY ${pageOrder(query)} LIMIT ${limit}) page
      ) AS ids`;
}

async function findPageIds(query: InboxPageQuery, db: PrismaClient) {
  if (searchWords(query.search).length > 0) {
    const [found] = await db.$queryRaw<{ ids: string[]; counts: CountedRows }[]>(
      inboxSearchSql(query),
    );
    return { ids: found?.ids ?? [], counted: found?.counts ?? {} };
  }
  const [found, [counted]] = await Promise.all([
    db.$queryRaw<{ id: string }[]>(inboxPageSql(query)),
    db.$queryRaw<{ counts: CountedRows }[]>(inboxStatusCountSql(query)),
  ]);
  return { ids: found.map((row) => row.id), counted: counted?.counts ?? {} };
}

function toStatusCounts(counted: CountedRows): StatusCounts {
  return Object.fromEntries(
    ALL_STATUSES.map((status) => [status, cappedCount(counted[status] ?? 0, INBOX_COUNT_CAP)]),
  ) as StatusCounts;
}

/**
 * One page of the inbox, newest activity first, by keyset (no OFFSET): the cost of a page does
 * not grow with how deep it is. Fetches one row more than asked to tell whether more exist.
 * With it, how many conversations are in each status under the other filters, for the filter
 * labels, counted up to INBOX_COUNT_CAP ("1,000+" past it). The ids come from SQL (filters and
 * search: inbox-conditions.ts), then the rows, in one statement each.
 */
export async function findInboxPage(
  db: PrismaClient,
  query: InboxPageQuery,
): Promise<{ rows: InboxConversationRow[]; hasMore: boolean; statusCounts: StatusCounts }> {
  const { ids: found, counted } = await findPageIds(query, db);
  const hasMore = found.length > query.limit;
  const ids = found.slice(0, query.limit);
  const rows = ids.length > 0 ? await db.$queryRaw<InboxConversationRow[]>(inboxRowsSql(ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A row deleted between the two reads is left out rather than failing the page.
  const page = ids.flatMap((id) => byId.get(id) ?? []);
  return {
    rows: query.before !== undefined ? page.reverse() : page,
    hasMore,
    statusCounts: toStatusCounts(counted),
  };
}

export async function listCustomerOrders(
  db: PrismaClient,
  input: { workspaceIds: string[]; limit: number },
) {
  return db.order.findMany({
    where: { customer: { workspaceId: { in: input.workspaceIds } } },
    orderBy: [{ placedAt: "desc" }, { id: "desc" }],
    take: input.limit,
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
export async function listCustomerContacts(
  db: PrismaClient,
  input: { workspaceIds: string[]; limit: number },
) {
  return db.customer.findMany({
    where: { workspaceId: { in: input.workspaceIds } },
    orderBy: { name: "asc" },
    take: input.limit,
    select: { name: true, email: true },
  });
}
