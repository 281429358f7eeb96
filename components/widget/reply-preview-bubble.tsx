import { WidgetMarkdown } from "./widget-markdown";

/*
 * The reply while it is written: hidden from assistive technology, which hears the stored
 * message in the conversation log instead of every partial sentence. The caret blinks only for
 * people who have not asked for reduced motion.
 */
export function ReplyPreviewBubble({ text }: { text: string }) {
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
