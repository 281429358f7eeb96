"use client";

import {
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useLiveEvents } from "@/components/realtime/use-live-events";
import { sendRequest } from "@/components/settings/send-request";
import { TagChip } from "@/components/tags/tag-chip";
import { FormStatus } from "@/components/ui/form-message";
import { useOutcomeRequest } from "@/components/ui/use-outcome-request";
import { getJson } from "@/lib/client/get-json";
import { sendJson } from "@/lib/client/send-json";
import { TAG_NAME_MAX_LENGTH } from "@/lib/domain/tag-name";
import type { ConversationTags } from "@/lib/server/services/tags/list-conversation-tags";

/*
 * The ticket's tags, and for people who work tickets, a field to change them: type to pick one
 * of the workspace's tags or name a new one, Enter adds it, Backspace in the empty field or a
 * tag's × removes one. Another person's change (or a tag rule's) shows through the live events.
 */
export function TicketTags({
  conversationId,
  canEdit,
}: {
  conversationId: string;
  canEdit: boolean;
}) {
  const [state, setState] = useState<ConversationTags>({ tags: [], workspaceTags: [] });
  const [text, setText] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const { pending, outcome, request } = useOutcomeRequest();
  const url = `/api/conversations/${conversationId}/tags`;

  const load = useCallback(async () => {
    const result = await getJson<ConversationTags>(url);
    if (result.ok) setState(result.data);
  }, [url]);
  useEffect(() => {
    void load();
  }, [load]);
  useLiveEvents({
    conversationId,
    onEvent: (event) => {
      if (event.topic === "ticket.changed") void load();
    },
    onSnapshot: () => void load(),
  });

  async function add(event: FormEvent) {
    event.preventDefault();
    const name = text.trim();
    if (!name || pending) return;
    const result = await request(
      () => sendJson<Pick<ConversationTags, "tags">>(url, { name }),
      `Tagged ${name}.`,
    );
    if (result.ok) {
      setText("");
      void load();
    }
  }

  async function remove(tag: { id: string; name: string }) {
    const result = await request(
      () => sendRequest<Pick<ConversationTags, "tags">>("DELETE", `${url}/${tag.id}`),
      `Removed the tag ${tag.name}.`,
    );
    if (result.ok) void load();
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = state.tags.at(-1);
    if (event.key === "Backspace" && text === "" && last && !pending) {
      event.preventDefault();
      void remove(last);
    }
  }

  const suggestions = state.workspaceTags.filter(
    (tag) => !state.tags.some((current) => current.id === tag.id),
  );
  const listId = `tag-suggestions-${conversationId}`;
  return (
    <section aria-labelledby="ticket-tags-heading" className="flex flex-wrap items-center gap-2">
      <h2 id="ticket-tags-heading" className="text-sm font-medium text-slate-800">
        Tags
      </h2>
      {state.tags.length === 0 ? <span className="text-sm text-slate-600">None</span> : null}
      <ul aria-labelledby="ticket-tags-heading" className="flex flex-wrap gap-1">
        {state.tags.map((tag) => (
          <li key={tag.id}>
            <TagChip tag={tag}>
              {canEdit ? (
                <button
                  type="button"
                  aria-label={`Remove tag ${tag.name}`}
                  disabled={pending}
                  onClick={() => void remove(tag)}
                  className="-mr-1 inline-flex size-5 items-center justify-center rounded-full hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-blue-700"
                >
                  <span aria-hidden="true">×</span>
                </button>
              ) : null}
            </TagChip>
          </li>
        ))}
      </ul>
      {canEdit ? (
        <form onSubmit={(event) => void add(event)} className="flex items-center gap-2">
          <label htmlFor={`${listId}-input`} className="sr-only">
            Add a tag
          </label>
          <input
            ref={input}
            id={`${listId}-input`}
            list={listId}
            value={text}
            maxLength={TAG_NAME_MAX_LENGTH}
            placeholder="Add a tag"
            aria-describedby={`${listId}-help`}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            className="h-8 w-36 rounded-md border border-slate-300 px-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-700"
          />
          <datalist id={listId}>
            {suggestions.map((tag) => (
              <option key={tag.id} value={tag.name} />
            ))}
          </datalist>
          <span id={`${listId}-help`} className="sr-only">
            Enter adds the tag, new or existing. Backspace in the empty field removes the last tag.
          </span>
        </form>
      ) : null}
      <FormStatus outcome={outcome} className="basis-full" />
    </section>
  );
}
