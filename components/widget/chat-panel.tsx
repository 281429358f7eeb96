"use client";

import { useEffect, useRef, useState } from "react";
import { visibleReplyPreview } from "@/lib/client/widget-reply-preview";
import type { Language } from "@/lib/domain/languages";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";
import { ConnectionStatus, TypingIndicator } from "./chat-status-lines";
import { MessageComposer } from "./message-composer";
import { ReplyPreviewBubble } from "./reply-preview-bubble";
import { TimelineItem } from "./timeline-item";
import { useWidgetConversation } from "./use-widget-conversation";
import { noticeText, type WidgetNotice } from "./widget-notice";
import { useWidgetText } from "./widget-text";

type Props = {
  notice: WidgetNotice | null;
  onSessionLost: (notice: WidgetNotice | null) => void;
  /** The conversation's language once it has one, for the whole widget to speak. */
  onConversationLanguage: (language: Language) => void;
};

export function ChatPanel({ notice, onSessionLost, onConversationLanguage }: Props) {
  const { snapshot, connection, refresh, preview } = useWidgetConversation(onSessionLost);
  const text = useWidgetText();
  const { t } = text;
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

  // Until the conversation has a language (nothing written yet), the widget keeps the browser's.
  const conversationLanguage = snapshot?.language.conversation.code
    ? snapshot.language.rendering
    : null;
  useEffect(() => {
    if (conversationLanguage) onConversationLanguage(conversationLanguage);
  }, [conversationLanguage, onConversationLanguage]);

  if (!snapshot) {
    return (
      <p role="status" className="p-4">
        {t("loading_conversation")}
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
          {noticeText(notice, text)} {t("new_session_started")}
        </p>
      )}
      <ConnectionStatus connection={connection} />
      <div
        role="log"
        aria-label={t("conversation_label")}
        aria-live="polite"
        className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3"
      >
        {/* Each message is headed h3 under the widget's h1: the outline needs this level between. */}
        <h2 className="sr-only">{t("conversation_label")}</h2>
        {snapshot.items.length === 0 && (
          <p className="text-slate-600 dark:text-slate-300">
            {t("greeting", { name: snapshot.customerName })}
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
      <TypingIndicator working={working} />
      <MessageComposer
        onSent={() => void refresh()}
        onSessionLost={onSessionLost}
        onSendingChange={setSending}
      />
    </div>
  );
}
