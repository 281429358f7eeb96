import type { WidgetTimelineItem } from "@/lib/server/services/widget/widget-snapshot";
import { QuoteCard } from "./quote-card";
import { SentFiles } from "./sent-files";
import { WidgetMarkdown } from "./widget-markdown";
import type { WidgetNotice } from "./widget-notice";
import { useWidgetText } from "./widget-text";

const AUTHOR_SAID = {
  customer: "you_said",
  agent: "support_said",
  staff: "support_team_said",
} as const;

/** A quote card, or a message bubble: the customer's own on the right, as written. */
export function TimelineItem({
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
  onSessionLost: (notice: WidgetNotice | null) => void;
}) {
  const { t } = useWidgetText();
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
      <h3 className="sr-only">{t(AUTHOR_SAID[item.author])}</h3>
      {mine ? (
        <p className="whitespace-pre-wrap break-words">{item.body}</p>
      ) : (
        <WidgetMarkdown text={item.body} />
      )}
      {item.attachments ? <SentFiles attachments={item.attachments} /> : null}
    </article>
  );
}
