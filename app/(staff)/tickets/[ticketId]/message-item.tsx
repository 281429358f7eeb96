import type { ThreadMessage } from "@/lib/server/services/tickets/get-ticket-thread";
import { clockTime } from "./format-run";
import { MarkdownText } from "./markdown-text";

/*
 * Customer-visible messages are solid cards; internal ones (team notes, system notes) sit in the
 * dashed internal lane. Customer and staff text is always plain text; only what the agent wrote
 * (replies and team notes, which carry the code-built quote table) goes through the markdown
 * renderer, which renders no HTML.
 */
export function MessageItem({ message }: { message: ThreadMessage }) {
  const time = (
    <time dateTime={message.at} className="text-xs text-slate-600">
      {clockTime(message.at)}
    </time>
  );

  if (message.audience === "internal") {
    return (
      <article
        className="ml-3 rounded-md border border-dashed border-amber-400 bg-amber-50 px-3 py-2 sm:ml-10"
        aria-label={message.teamNote ? "Team note" : "System note"}
      >
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-amber-900">
            Internal · {message.teamNote ? "team note" : "system note"} · {message.authorName}
          </p>
          {time}
        </header>
        <div className="mt-1 break-words">
          {message.author === "agent" ? (
            <MarkdownText text={message.body} />
          ) : (
            <p className="whitespace-pre-wrap text-sm text-slate-900">{message.body}</p>
          )}
        </div>
      </article>
    );
  }

  const fromCustomer = message.author === "customer";
  return (
    <article
      className={`rounded-lg border px-4 py-3 shadow-sm ${fromCustomer ? "mr-6 border-slate-300 bg-white sm:mr-16" : "ml-6 border-blue-200 bg-blue-50 sm:ml-16"}`}
      aria-label={fromCustomer ? "Message from the customer" : "Reply to the customer"}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-700">
          {fromCustomer ? "Customer" : `${message.authorName} → customer`}
        </p>
        {time}
      </header>
      <div className="mt-1 break-words">
        {fromCustomer ? (
          <p className="whitespace-pre-wrap text-sm text-slate-900">{message.body}</p>
        ) : (
          <MarkdownText text={message.body} />
        )}
      </div>
    </article>
  );
}
