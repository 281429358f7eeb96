import "server-only";
import { z } from "zod";
import { findFigure, resolvePeriod } from "@/lib/domain/insights";
import { INBOX_SORTS, MAX_FILTER_TAGS } from "@/lib/domain/saved-view-filter";
import { tagKey, tagNameSchema } from "@/lib/domain/tag-name";
import { ConversationChannel, ConversationStatus } from "@/lib/generated/prisma/enums";
import { storableText } from "@/lib/server/http/text-schema";
import {
  findInboxPage,
  type InboxConversationRow,
  type InboxCursor,
  listCustomerContacts,
  listCustomerOrders,
  type StatusCounts,
} from "@/lib/server/services/inbox/inbox-queries";
import { getInsights } from "@/lib/server/services/insights/get-insights";
import { slaAlertSchema } from "@/lib/server/services/sla/sla-inbox-conditions";
import {
  viewerWorkspaceIds,
  type WorkspaceViewer,
} from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export const INBOX_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 100;

export function encodeInboxCursor(row: { lastMessageAt: Date; id: string }): string {
  return Buffer.from(`${row.lastMessageAt.getTime()}.${row.id}`).toString("base64url");
}

export function decodeInboxCursor(value: string): InboxCursor | null {
  const decoded = Buffer.from(value, "base64url").toString("utf8");
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(decoded);
  if (!match?.[1] || !match[2]) return null;
  return { lastMessageAt: new Date(Number(match[1])), id: match[2] };
}

const statusSchema = z.enum(ConversationStatus);
const cursorSchema = z
  .string()
  .max(200)
  .transform((value, ctx): InboxCursor => {
    const cursor = decodeInboxCursor(value);
    if (!cursor) {
      ctx.addIssue({ code: "custom", message: "is not a page cursor from this inbox" });
      return z.NEVER;
    }
    return cursor;
  });

// Query-string shaped: `?status=a&status=b` arrives as an array, a single one as a string, and
// an empty form field as "".
export const inboxQuerySchema = z
  .object({
    status: z
      .union([statusSchema, z.array(statusSchema).max(Object.keys(ConversationStatus).length)])
      .optional()
      .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
    channel: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(ConversationChannel).optional(),
    ),
    sla: z.preprocess((value) => (value === "" ? undefined : value), slaAlertSchema.optional()),
    q: storableText()
      .trim()
      .max(200)
      .optional()
      .transform((value) => value || undefined),
    // Tag names in any case: the conversation carries every one.
    tag: z.preprocess(
      // The form's "add a tag" field arrives empty when nothing was typed in it.
      (value) =>
        (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
          (tag) => tag !== "",
        ),
      z
        .array(tagNameSchema.transform(tagKey))
        .max(MAX_FILTER_TAGS)
        .transform((tags) => [...new Set(tags)]),
    ),
    assignee: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(["me", "unassigned"]).optional(),
    ),
    sort: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(INBOX_SORTS).default("newest"),
    ),
    after: cursorSchema.optional(),
    before: cursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(INBOX_PAGE_SIZE),
    // An /insights figure and its period: only the conversations behind that figure.
    insight: z.string().max(120).optional(),
    from: z.string().max(10).optional(),
    to: z.string().max(10).optional(),
  })
  .refine((value) => !(value.after && value.before), {
    message: "Use either after or before, not both.",
    path: ["before"],
  });

export type InboxQuery = z.output<typeof inboxQuerySchema>;

/** Whose inbox: a staff user sees the conversations of their workspaces' customers only. */
export type InboxViewer = WorkspaceViewer;

export type InboxConversation = InboxConversationRow;

export type InboxOrder = {
  id: string;
  number: string;
  currency: string;
  deliveredAt: Date | null;
  customer: { name: string; email: string };
  lines: { id: string; name: string; quantity: number; finalSale: boolean }[];
  totalCents: number;
};

export type InboxPage = {
  conversations: InboxConversation[];
  /** Per status, under the other filters: exact up to INBOX_COUNT_CAP, else `capped`. */
  statusCounts: StatusCounts;
  /** Cursors for the neighbouring pages, or null at either end. */
  nextCursor: string | null;
  previousCursor: string | null;
  filtered: boolean;
  /** On a fresh install with no conversations: the orders the agent can act on. */
  orders: InboxOrder[];
  /** Set when the page shows the conversations behind an /insights figure. */
  insight: InboxInsightFilter | null;
};

/**
 * One inbox page: conversations by latest activity with filters, search and keyset paging, plus
 * per-status counts for the filter labels. Until anyone has written in, it lists the seeded
 * orders instead, so a fresh install shows its data rather than an empty screen.
 */
export async function listInbox(
  query: InboxQuery & InboxViewer,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<InboxPage> {
  const { db } = context;
  const workspaceIds = await viewerWorkspaceIds(db, query);
  const insight = query.insight ? await findInsightFilter(query, db, context.now()) : null;
  const { rows, hasMore, statusCounts } = await findInboxPage(db, {
    workspaceIds,
    statuses: query.status,
    channel: query.channel,
    search: query.q,
    tagKeys: query.tag,
    assigneeId: assigneeIdOf(query),
    conversationIds: insight?.conversationIds,
    sla: query.sla ? { alert: query.sla, at: context.now() } : undefined,
    limit: query.limit,
    sort: query.sort,
    after: query.after,
    before: query.before,
  });

  const first = rows[0];
  const last = rows.at(-1);
  const goingBack = query.before !== undefined;
  const hasNext = goingBack ? true : hasMore;
  const hasPrevious = goingBack ? hasMore : query.after !== undefined;
  const filtered =
    query.status.length > 0 ||
    query.channel !== undefined ||
    query.sla !== undefined ||
    Boolean(query.q) ||
    query.tag.length > 0 ||
    query.assignee !== undefined ||
    query.sort !== "newest" ||
    insight !== null;

  const showOrders = rows.length === 0 && !filtered && !query.after && !query.before;
  const orders = showOrders
    ? (await listCustomerOrders(db, { workspaceIds, limit: INBOX_PAGE_SIZE })).map(
        ({ lines, shippingCents, ...order }) => ({
          ...order,
          lines: lines.map(({ id, name, quantity, finalSale }) => ({
            id,
            name,
            quantity,
            finalSale,
          })),
          totalCents:
            shippingCents +
            lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0),
        }),
      )
    : [];

  return {
    conversations: rows,
    statusCounts,
    nextCursor: hasNext && last ? encodeInboxCursor(last) : null,
    previousCursor: hasPrevious && first ? encodeInboxCursor(first) : null,
    filtered,
    orders,
    insight,
  };
}

/** The assignee filter for the viewer: "me" is whoever looks (the CLI, nobody's tickets). */
export function assigneeIdOf(
  query: Pick<InboxQuery, "assignee"> & InboxViewer,
): string | null | undefined {
  if (query.assignee === "unassigned") return null;
  if (query.assignee !== "me") return undefined;
  return "staffUserId" in query ? query.staffUserId : "";
}

export type InboxInsightFilter = {
  key: string;
  label: string;
  fromDate: string;
  toDate: string;
  conversationIds: string[];
};

// An unknown figure (a stale link) shows no conversations, never the whole inbox as if it matched.
async function findInsightFilter(
  query: InboxQuery,
  db: UseCaseContext["db"],
  now: Date,
): Promise<InboxInsightFilter> {
  const period = resolvePeriod(query, now);
  const figure = findFigure(await getInsights(period, { db }), query.insight ?? "");
  return {
    key: query.insight ?? "",
    label: figure?.label ?? "an unknown figure",
    fromDate: period.fromDate,
    toDate: period.toDate,
    conversationIds: figure?.conversationIds ?? [],
  };
}

export type CustomerContact = { name: string; email: string };

/** Who can be picked as the sender of a staff-typed email (suggestions only; any address works). */
export async function listEmailSenders(
  input: InboxViewer,
  context: Pick<UseCaseContext, "db">,
): Promise<CustomerContact[]> {
  const workspaceIds = await viewerWorkspaceIds(context.db, input);
  return listCustomerContacts(context.db, { workspaceIds, limit: 200 });
}
