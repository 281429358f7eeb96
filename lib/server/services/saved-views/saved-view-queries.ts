import "server-only";
import { INBOX_COUNT_CAP } from "@/lib/domain/capped-count";
import type { SavedViewFilter } from "@/lib/domain/saved-view-filter";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  type InboxFilter,
  otherConditions,
  searchCondition,
  searchWords,
  whereClause,
} from "@/lib/server/services/inbox/inbox-conditions";

/** The inbox filter a saved view stands for, as the viewer sees it ("me" is the viewer). */
export function inboxFilterOf(
  filter: SavedViewFilter,
  viewer: { staffUserId: string; workspaceIds: string[] },
): InboxFilter {
  return {
    workspaceIds: viewer.workspaceIds,
    statuses: filter.statuses,
    channel: filter.channel ?? undefined,
    search: filter.search ?? undefined,
    tagKeys: filter.tags,
    assigneeId:
      filter.assignee === "me"
        ? viewer.staffUserId
        : filter.assignee === "unassigned"
          ? null
          : undefined,
  };
}

/*
 * Per view, how many conversations it shows, reading at most one more than the cap in activity
 * order (capped like the inbox's status counts), all views in one statement.
 */
export function savedViewCountsSql(views: { id: string; filter: InboxFilter }[]): Prisma.Sql {
  const counts = views.map(({ id, filter }) => {
    const statuses =
      filter.statuses && filter.statuses.length > 0
        ? [Prisma.sql`c.status = ANY(${filter.statuses}::"ConversationStatus"[])`]
        : [];
    const where = whereClause([
      ...statuses,
      ...otherConditions(filter),
      ...searchCondition(searchWords(filter.search), "scanned"),
    ]);
    return Prisma.sql`${id}::text, (SELECT count(*)::int FROM (
      SELECT 1 FROM conversations c ${where}
      ORDER BY c.last_message_at DESC LIMIT ${INBOX_COUNT_CAP + 1}) counted)`;
  });
  return Prisma.sql`SELECT json_build_object(${Prisma.join(counts)}) AS counts`;
}
