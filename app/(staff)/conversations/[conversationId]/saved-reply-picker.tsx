"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { controlClassName } from "@/components/ui/controls";
import { describeProblem, readResult, sendJson } from "@/lib/client/send-json";
import type { RenderedSavedReply } from "@/lib/server/services/saved-replies/render-saved-reply";
import type { SavedReplyView } from "@/lib/server/services/saved-replies/saved-reply-view";

type Loaded =
  | { status: "loading" }
  | { status: "ready"; replies: SavedReplyView[] }
  | {
      status: "failed";
      text: string;
    };

function matches(reply: SavedReplyView, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${reply.title}\n${reply.body}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/*
 * The saved replies as a filterable list (the ARIA combobox pattern): type to filter, arrow keys
 * to move, Enter to insert, Escape to close. The server fills the reply in from this ticket's
 * records; when the ticket lacks a value (no open quote, no order) it says which, and nothing is
 * inserted.
 */
export function SavedReplyPicker({
  conversationId,
  onInsert,
  onClose,
}: {
  conversationId: string;
  onInsert: (text: string) => void;
  onClose: (reason: "escape" | "inserted") => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [message, setMessage] = useState("");
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const messageId = useId();

  useEffect(() => {
    input.current?.focus();
    let current = true;
    void fetch(`/api/saved-replies?${new URLSearchParams({ conversationId })}`, {
      credentials: "same-origin",
    })
      .then((response) => readResult<{ replies: SavedReplyView[] }>(response))
      .catch(() => null)
      .then((result) => {
        if (!current) return;
        if (result?.ok) setLoaded({ status: "ready", replies: result.data.replies });
        else
          setLoaded({
            status: "failed",
            text: result
              ? describeProblem(result.problem)
              : "The server could not be reached. Check your connection and try again.",
          });
      });
    return () => {
      current = false;
    };
  }, [conversationId]);

  const shown =
    loaded.status === "ready" ? loaded.replies.filter((reply) => matches(reply, query)) : [];
  const activeReply = shown[Math.min(active, shown.length - 1)];
  const optionId = (reply: SavedReplyView) => `${listId}-${reply.id}`;

  async function insert(reply: SavedReplyView) {
    setPending(true);
    setMessage(`Filling in “${reply.title}”…`);
    const result = await sendJson<RenderedSavedReply>(`/api/saved-replies/${reply.id}/render`, {
      conversationId,
    });
    setPending(false);
    if (!result.ok) {
      setMessage(`“${reply.title}” was not inserted. ${describeProblem(result.problem)}`);
      return;
    }
    if (result.data.status === "missing") {
      const names = result.data.missing.map((variable) => `{{${variable.name}}}`).join(", ");
      setMessage(
        `“${reply.title}” was not inserted: this ticket has no value for ${names}. Write those parts yourself or pick another reply.`,
      );
      return;
    }
    onInsert(result.data.text);
    onClose("inserted");
  }

  const status =
    loaded.status === "loading"
      ? "Loading saved replies…"
      : loaded.status === "failed"
        ? `Saved replies could not be loaded. ${loaded.text}`
        : message ||
          (shown.length === 0
            ? "No saved reply matches."
            : `${shown.length} saved ${shown.length === 1 ? "reply" : "replies"}; arrow keys to choose, Enter to insert, Escape to close.`);

  return (
    <div className="space-y-2 rounded-md border border-slate-300 bg-white p-2">
      <label htmlFor={`${listId}-input`} className="block text-sm font-medium text-slate-900">
        Insert a saved reply
      </label>
      <input
        ref={input}
        id={`${listId}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-activedescendant={activeReply ? optionId(activeReply) : undefined}
        aria-describedby={messageId}
        className={controlClassName()}
        placeholder="Type to filter by title or words"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setMessage("");
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            if (shown.length === 0) return;
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((Math.min(active, shown.length - 1) + step + shown.length) % shown.length);
          } else if (event.key === "Enter") {
            event.preventDefault();
            if (activeReply && !pending) void insert(activeReply);
          } else if (event.key === "Escape") {
            event.preventDefault();
            onClose("escape");
          }
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Saved replies"
        className="max-h-60 overflow-y-auto empty:hidden"
      >
        {shown.map((reply) => {
          const selected = reply === activeReply;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
            <div
              key={reply.id}
              id={optionId(reply)}
              role="option"
              tabIndex={-1}
              aria-selected={selected}
              className={`cursor-pointer rounded px-2 py-2 text-sm ${selected ? "bg-blue-100 text-blue-950 outline outline-2 outline-blue-700" : "text-slate-900"}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                if (!pending) void insert(reply);
              }}
            >
              <span className="block font-medium">
                {reply.title}
                <span className="ml-2 text-xs font-normal text-slate-600">
                  {reply.shared ? "Shared" : "Personal"}
                </span>
              </span>
              <span className="block truncate text-slate-600">{reply.body}</span>
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={messageId} role="status" className="text-sm text-slate-700">
          {status}
        </p>
        <Link href="/settings/saved-replies" className="text-sm text-blue-800 underline">
          Manage saved replies
        </Link>
      </div>
    </div>
  );
}
