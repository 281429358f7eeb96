"use client";

import { useEffect, useRef } from "react";
import { isTypingTarget } from "@/components/staff/typing-target";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/controls";
import { InboxTagFilter } from "./inbox-tag-filter";

/**
 * Search, channel, SLA, assignee and tag filters and the order, as a plain GET form (works before
 * JavaScript loads; the URL is the state, so filters survive reloads and can be shared). "/"
 * jumps to the search field.
 */
export function InboxFilters({
  q,
  channel,
  sla,
  statuses,
  assignee = "",
  sort = "newest",
  tags = [],
  tagSuggestions = [],
}: {
  q: string;
  channel: string;
  /** The SLA filter: "", "breaching_soon" or "breached". */
  sla: string;
  statuses: string[];
  assignee?: string;
  /** "newest" (latest activity first) or "oldest". */
  sort?: string;
  /** The tag keys filtered on now: each a checkbox, unticked to drop it. */
  tags?: string[];
  /** The workspace's tag names, offered as the tag field is typed in. */
  tagSuggestions?: string[];
}) {
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "/" || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      event.preventDefault();
      search.current?.focus();
      search.current?.select();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <search aria-label="Conversations">
      <form action="/inbox" method="get" className="flex flex-wrap items-end gap-3">
        {statuses.map((status) => (
          <input key={status} type="hidden" name="status" value={status} />
        ))}
        <TextField
          ref={search}
          label={
            <>
              Search{" "}
              <span className="font-normal text-slate-600">
                (press <kbd className="rounded border border-slate-300 px-1 font-mono">/</kbd>)
              </span>
            </>
          }
          fieldClassName="min-w-0 flex-1 basis-56"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          aria-keyshortcuts="/"
          placeholder="Subject, customer, email or order number"
        />
        <SelectField label="Channel" name="channel" defaultValue={channel} className="w-auto">
          <option value="">All channels</option>
          <option value="chat">Chat</option>
          <option value="email">Email</option>
        </SelectField>
        <SelectField label="SLA" name="sla" defaultValue={sla} className="w-auto">
          <option value="">Any SLA</option>
          <option value="breaching_soon">Breaching soon</option>
          <option value="breached">Breached</option>
        </SelectField>
        <SelectField label="Assignee" name="assignee" defaultValue={assignee} className="w-auto">
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="unassigned">Unassigned</option>
        </SelectField>
        <InboxTagFilter tags={tags} suggestions={tagSuggestions} />
        <SelectField label="Order" name="sort" defaultValue={sort} className="w-auto">
          <option value="newest">Latest activity first</option>
          <option value="oldest">Quiet longest first</option>
        </SelectField>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </form>
    </search>
  );
}
