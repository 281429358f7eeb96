import type { InboxQuery } from "@/lib/server/services/inbox/list-inbox";

export type InboxLinkChange = Partial<Record<"status" | "after" | "before", string | null>>;

/*
 * The inbox URL for the current filters with one change: a status tab replaces the statuses
 * (null clears them), a page link adds its cursor. Search, channel, SLA, tags, assignee, the
 * order and an insight's period carry over.
 */
export function inboxHref(query: InboxQuery, change: InboxLinkChange): string {
  const params = new URLSearchParams();
  const statuses =
    change.status === undefined ? query.status : change.status ? [change.status] : [];
  for (const status of statuses) params.append("status", status);
  if (query.channel) params.set("channel", query.channel);
  if (query.sla) params.set("sla", query.sla);
  if (query.q) params.set("q", query.q);
  for (const tag of query.tag) params.append("tag", tag);
  if (query.assignee) params.set("assignee", query.assignee);
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (query.insight) {
    params.set("insight", query.insight);
    if (query.from) params.set("from", query.from);
    if (query.to) params.set("to", query.to);
  }
  if (change.after) params.set("after", change.after);
  if (change.before) params.set("before", change.before);
  const text = params.toString();
  return text ? `/inbox?${text}` : "/inbox";
}
