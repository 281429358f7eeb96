import "server-only";
import type { Role } from "@/lib/domain/authz";
import { type CappedCount, cappedCount } from "@/lib/domain/capped-count";
import { canManageSavedView } from "@/lib/domain/saved-view-access";
import {
  type SavedViewFilter,
  savedViewFilterSchema,
  savedViewSearchParams,
} from "@/lib/domain/saved-view-filter";
import type { InboxQuery } from "@/lib/server/services/inbox/list-inbox";
import { staffWorkspaceIds } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { inboxFilterOf, savedViewCountsSql } from "./saved-view-queries";

export type SavedViewSummary = {
  id: string;
  name: string;
  shared: boolean;
  ownerName: string;
  filter: SavedViewFilter;
  count: CappedCount;
  canManage: boolean;
};

/** At most this many views in the queue bar: the team's shared ones and the viewer's own. */
const MAX_VIEWS = 50;

/**
 * The views the staff user sees (the shared ones of their workspaces and their own), by name,
 * each with how many conversations it shows. A stored filter this build cannot read is left out
 * rather than shown as the whole inbox.
 */
export async function listSavedViews(
  input: { staff: { id: string; role: Role } },
  context: Pick<UseCaseContext, "db">,
): Promise<SavedViewSummary[]> {
  const { db } = context;
  const workspaceIds = await staffWorkspaceIds(db, input.staff.id);
  const rows = await db.savedView.findMany({
    where: {
      workspaceId: { in: workspaceIds },
      OR: [{ shared: true }, { ownerId: input.staff.id }],
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: MAX_VIEWS,
    select: {
      id: true,
      name: true,
      shared: true,
      ownerId: true,
      filter: true,
      owner: { select: { name: true } },
    },
  });
  const readable = rows.flatMap((row) => {
    const filter = savedViewFilterSchema.safeParse(row.filter);
    return filter.success ? [{ ...row, filter: filter.data }] : [];
  });
  if (readable.length === 0) return [];
  const viewer = { staffUserId: input.staff.id, workspaceIds };
  const [counted] = await db.$queryRaw<{ counts: Record<string, number> }[]>(
    savedViewCountsSql(
      readable.map((row) => ({ id: row.id, filter: inboxFilterOf(row.filter, viewer) })),
    ),
  );
  return readable.map((row) => ({
    id: row.id,
    name: row.name,
    shared: row.shared,
    ownerName: row.owner.name,
    filter: row.filter,
    count: cappedCount(counted?.counts[row.id] ?? 0),
    canManage: canManageSavedView(input.staff, row),
  }));
}

/** The inbox's current filters as a view would keep them. */
export function savedViewFilterOf(query: InboxQuery): SavedViewFilter {
  return {
    statuses: query.status,
    channel: query.channel ?? null,
    assignee: query.assignee ?? null,
    tags: query.tag,
    search: query.q ?? null,
    sort: query.sort,
  };
}

/** The inbox link that shows the view, naming it so the queue bar marks it current. */
export function savedViewHref(view: Pick<SavedViewSummary, "id" | "filter">): string {
  const params = new URLSearchParams([...savedViewSearchParams(view.filter), ["view", view.id]]);
  return `/inbox?${params}`;
}
