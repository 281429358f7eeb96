"use client";

import { useEffect, useRef } from "react";
import { isTypingTarget } from "@/components/staff/typing-target";
import { Button } from "@/components/ui/button";

const fieldClassName =
  "block min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-blue-700";

/**
 * Search and channel filter as a plain GET form (works before JavaScript loads; the URL is the
 * state, so filters survive reloads and can be shared). "/" jumps to the search field.
 */
export function InboxFilters({
  q,
  channel,
  statuses,
}: {
  q: string;
  channel: string;
  statuses: string[];
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
        <div className="min-w-0 flex-1 basis-56 space-y-1">
          <label htmlFor="inbox-search" className="block text-sm font-medium text-slate-800">
            Search{" "}
            <span className="font-normal text-slate-600">
              (press <kbd className="rounded border border-slate-300 px-1 font-mono">/</kbd>)
            </span>
          </label>
          <input
            ref={search}
            id="inbox-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            aria-keyshortcuts="/"
            placeholder="Subject, customer, email or order number"
            className={`${fieldClassName} w-full`}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="inbox-channel" className="block text-sm font-medium text-slate-800">
            Channel
          </label>
          <select
            id="inbox-channel"
            name="channel"
            defaultValue={channel}
            className={fieldClassName}
          >
            <option value="">All channels</option>
            <option value="chat">Chat</option>
            <option value="email">Email</option>
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </form>
    </search>
  );
}
