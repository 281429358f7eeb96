"use client";

import { useEffect, useRef, useState } from "react";
import type { WidgetTimelineItem } from "@/lib/server/services/widget/widget-snapshot";
import { MessageComposer } from "./message-composer";
import { QuoteCard } from "./quote-card";
import { useWidgetConversation } from "./use-widget-conversation";
import { WidgetMarkdown } from "./widget-markdown";

type Props = { notice: string | null; onSessionLost: (detail: string) => void };

const AUTHOR_LABEL = { customer: "You", agent: "Support", staff: "Support team" } as const;

export function ChatPanel({ notice, onSessionLost }: Props) {
  const { snapshot, connection, refresh } = useWidgetConversation(onSessionLost);
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const count = snapshot?.items.length ?? 0;

  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: "end" });
  }, [count]);

  if (!snapshot) {
    return (
      <p role="status" className="p-4">
        Loading your conversation…
      </p>
    );
  }
  const working = sending || snapshot.agentWorking;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {notice && (
        <p
          role="status"
          data-testid="widget-notice"
          className="bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
        >
          {notice} A new session has started; answer the quote again if you still want it.
        </p>
      )}
      <p
        role="status"
        data-testid="widget-connection"
        data-state={connection}
        className="px-3 py-1 text-xs text-slate-600 empty:hidden dark:text-slate-300"
      >
        {connection === "offline"
          ? "Reconnecting… messages sent to you meanwhile will appear."
          : ""}
      </p>
      <div
        role="log"
        aria-label="Conversation"
        aria-live="polite"
        className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3"
      >
        {snapshot.items.length === 0 && (
          <p className="text-slate-600 dark:text-slate-300">
            Hi {snapshot.customerName}! Tell us what went wrong with your order and we'll sort it
            out.
          </p>
        )}
        {snapshot.items.map((item) => (
          <TimelineItem
            key={`${item.kind}-${item.id}`}
            item={item}
            onAnswered={() => void refresh()}
            onSessionLost={onSessionLost}
          />
        ))}
        <div ref={end} />
      </div>
      <p
        role="status"
        data-testid="agent-typing"
        className="px-3 text-sm text-slate-600 empty:hidden dark:text-slate-300"
      >
        {working ? (
          <>
            <span aria-hidden="true" className="mr-1 inline-block motion-safe:animate-pulse">
              •••
            </span>
            Support is typing…
          </>
        ) : null}
      </p>
      <MessageComposer
        onSent={() => void refresh()}
        onSessionLost={onSessionLost}
        onSendingChange={setSending}
      />
    </div>
  );
}

function TimelineItem({
  item,
  onAnswered,
  onSessionLost,
}: {
  item: WidgetTimelineItem;
  onAnswered: () => void;
  onSessionLost: (detail: string) => void;
}) {
  if (item.kind === "quote") {
    return <QuoteCard card={item} onAnswered={onAnswered} onSessionLost={onSessionLost} />;
  }
  const mine = item.author === "customer";
  return (
    <article
      data-message-id={item.id}
      data-author={item.author}
      className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${
        mine
          ? "ml-auto bg-blue-700 text-white"
          : "bg-white text-slate-900 ring-1 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600"
      }`}
    >
      <h3 className="sr-only">{AUTHOR_LABEL[item.author]} said</h3>
      {mine ? (
        <p className="whitespace-pre-wrap break-words">{item.body}</p>
      ) : (
        <WidgetMarkdown text={item.body} />
      )}
    </article>
  );
}
