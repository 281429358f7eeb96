import { z } from "zod";
import { channelSchema } from "./order-facts";
import { tagKey, tagNameSchema } from "./tag-name";

/*
 * What a saved inbox view keeps: the inbox's filters, validated the same way whether they come
 * from the "Save view" form or from a stored row, so a row an older build wrote with a key this
 * one does not know is reported rather than half-applied.
 */

export const INBOX_STATUSES = [
  "agent_working",
  "waiting_on_customer",
  "needs_approval",
  "resolved",
  "needs_reconciliation",
  "failed",
] as const;

/** The inbox's orders: latest activity first, or the longest quiet first. */
export const INBOX_SORTS = ["newest", "oldest"] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

/** At most this many tags in one filter: a conversation must carry all of them. */
export const MAX_FILTER_TAGS = 10;

export const savedViewFilterSchema = z
  .object({
    statuses: z.array(z.enum(INBOX_STATUSES)).max(INBOX_STATUSES.length).default([]),
    channel: channelSchema.nullable().default(null),
    /** Assigned to whoever looks at the view, or to nobody. */
    assignee: z.enum(["me", "unassigned"]).nullable().default(null),
    /** Tag keys: the conversation carries every one. */
    tags: z
      .array(tagNameSchema.transform(tagKey))
      .max(MAX_FILTER_TAGS)
      .default([])
      .transform((tags) => [...new Set(tags)]),
    search: z
      .string()
      .trim()
      .max(200)
      .nullable()
      .default(null)
      .transform((search) => search || null),
    sort: z.enum(INBOX_SORTS).default("newest"),
  })
  .strict();

export type SavedViewFilter = z.output<typeof savedViewFilterSchema>;

export const SAVED_VIEW_NAME_MAX_LENGTH = 60;

export const savedViewNameSchema = z
  .string()
  .transform((name) => name.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, "needs a name").max(SAVED_VIEW_NAME_MAX_LENGTH));

/** Whether the filter narrows anything: an empty one is the whole inbox. */
export function isEmptyFilter(filter: SavedViewFilter): boolean {
  return (
    filter.statuses.length === 0 &&
    filter.channel === null &&
    filter.assignee === null &&
    filter.tags.length === 0 &&
    !filter.search &&
    filter.sort === "newest"
  );
}

/** The inbox URL's query for the filter, in a fixed order (`status`, `tag` repeat). */
export function savedViewSearchParams(filter: SavedViewFilter): [string, string][] {
  return [
    ...filter.statuses.map((status): [string, string] => ["status", status]),
    ...(filter.channel ? [["channel", filter.channel] as [string, string]] : []),
    ...(filter.search ? [["q", filter.search] as [string, string]] : []),
    ...filter.tags.map((tag): [string, string] => ["tag", tag]),
    ...(filter.assignee ? [["assignee", filter.assignee] as [string, string]] : []),
    ...(filter.sort === "newest" ? [] : [["sort", filter.sort] as [string, string]]),
  ];
}
