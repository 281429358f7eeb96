"use client";

import { useEffect, useRef, useState } from "react";
import { visibleReplyPreview } from "@/lib/client/widget-reply-preview";
import type {
  WidgetQuoteCard,
  WidgetTimelineItem,
} from "@/lib/server/services/widget/widget-snapshot";
import { MessageComposer } from "./message-composer";
import { QuoteCard } from "./quote-card";
import { useWidgetConversation } from "./use-widget-conversation";
import { WidgetMarkdown } from "./widget-markdown";

type Props = { notice: string | null; onSessionLost: (detail: string) => void };

const AUTHOR_LABEL = { customer: "You", agent: "Support", staff: "Support team" } as const;

export function ChatPanel({ notice, onSessionLost }: Props) {
  const { snapshot, connection, refresh, preview } = useWidgetConversation(onSessionLost);
  const [sending, setSending] = useState(false);
  // Quotes whose "Ask for a fresh quote" was pressed here: they keep saying so under the card
  // after the new quote has arrived below them.
  const [freshQuoteAsked, setFreshQuoteAsked] = useState<ReadonlySet<string>>(new Set());
  const end = useRef<HTMLDivElement>(null);
  const count = snapshot?.items.length ?? 0;
  const shownPreview = visibleReplyPreview(preview, snapshot?.items ?? []);
  const previewText = shownPreview?.text ?? "";

  useEffect(() => {
    if (count > 0 || previewText) end.current?.scrollIntoView({ block: "end" });
  }, [count, previewText]);

  if (!snapshot) {
    return (
      <p role="status" className="p-4">
        Loading your conversation…
      </p>
    );
  }
  // The typing indicator stands in for the reply until its first words arrive.
  const working = (sending || snapshot.agentWorking) && !shownPreview;
  const lastQuote = snapshot.items.findLast(
    (item): item is WidgetQuoteCard => item.kind === "quote",
  );

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
            freshQuoteOffered={
              item.kind === "quote" &&
              item.status === "expired" &&
              (item === lastQuote || freshQuoteAsked.has(item.id))
            }
            onFreshQuoteAsked={() => setFreshQuoteAsked((asked) => new Set(asked).add(item.id))}
            onAnswered={() => void refresh()}
            onSessionLost={onSessionLost}
          />
        ))}
        {shownPreview && <ReplyPreviewBubble text={shownPreview.text} />}
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

/*
 * The reply while it is written: hidden from assistive technology, which hears the stored
 * message in the conversation log instead of every partial sentence. The caret blinks only for
 * people who have not asked for reduced motion.
 */
function ReplyPreviewBubble({ text }: { text: string }) {
  return (
    <article
      aria-hidden="true"
      data-testid="reply-preview"
      className="max-w-[85%] rounded-lg bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600"
    >
      <WidgetMarkdown text={text} />
      <span className="inline-block motion-safe:animate-pulse">▍</span>
    </article>
  );
}

function TimelineItem({
  item,
  freshQuoteOffered,
  onFreshQuoteAsked,
  onAnswered,
  onSessionLost,
}: {
  item: WidgetTimelineItem;
  freshQuoteOffered: boolean;
  onFreshQuoteAsked: () => void;
  onAnswered: () => void;
  onSessionLost: (detail: string) => void;
}) {
  if (item.kind === "quote") {
    return (
      <QuoteCard
        card={item}
        freshQuoteOffered={freshQuoteOffered}
        onFreshQuoteAsked={onFreshQuoteAsked}
        onAnswered={onAnswered}
        onSessionLost={onSessionLost}
      />
    );
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
