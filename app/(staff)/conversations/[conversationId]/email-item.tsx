import type { ThreadOutboxEmail } from "@/lib/server/services/conversations/get-conversation-thread";
import { EmailDeliveryNote } from "./email-delivery-note";
import { clockTime } from "./format-run";

/** An email the customer was sent outside the chat thread (a refund receipt), body as sent. */
export function EmailItem({ email }: { email: ThreadOutboxEmail }) {
  return (
    <article
      className="ml-6 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 shadow-sm sm:ml-16"
      aria-label={`Email to the customer: ${email.subject}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-700">
          Email → customer · {email.status}
        </p>
        <time dateTime={email.at} className="text-xs text-slate-600">
          {clockTime(email.at)}
        </time>
      </header>
      <p className="mt-1 break-words text-sm font-medium text-slate-900">{email.subject}</p>
      <p className="break-all text-xs text-slate-600">to {email.to}</p>
      <EmailDeliveryNote email={email} />
      <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-900">{email.body}</p>
    </article>
  );
}
