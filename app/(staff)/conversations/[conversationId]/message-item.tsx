import { AttachmentList } from "@/components/attachments/attachment-list";
import type { ThreadMessage } from "@/lib/server/services/conversations/get-conversation-thread";
import { EmailDeliveryNote } from "./email-delivery-note";
import { clockTime } from "./format-run";
import { MarkdownText } from "./markdown-text";

/*
 * Customer-visible messages are solid cards. Internal ones sit in the dashed internal lane:
 * a team note as plain text under a "Team note" label, so a table or HTML typed into a note
 * shows as the characters it is and can never pass for the code-built quote card. Only the
 * agent's replies to the customer go through the markdown renderer (which renders no HTML);
 * customer and staff text is plain, exactly as the customer received it.
 */
export function MessageItem({ message }: { message: ThreadMessage }) {
  const time = (
    <time dateTime={message.at} className="text-xs text-slate-600">
      {clockTime(message.at)}
    </time>
  );
  const plain = (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{message.body}</p>
  );

  if (message.audience === "internal") {
    return (
      <article
        className="ml-3 rounded-md border border-dashed border-amber-400 bg-amber-50 px-3 py-2 sm:ml-10"
        aria-label={message.teamNote ? `Team note by ${message.authorName}` : "System note"}
        data-note={message.teamNote ? "team" : "system"}
      >
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-amber-900">
            Internal · {message.teamNote ? "team note" : "system note"} · {message.authorName} · not
            sent to the customer
          </p>
          {time}
        </header>
        <div className="mt-1 border-l-4 border-amber-300 pl-2 font-mono text-xs">{plain}</div>
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
          {fromCustomer
            ? message.simulated
              ? "Customer · simulated persona"
              : "Customer"
            : `${message.authorName} → customer`}
        </p>
        {time}
      </header>
      <div className="mt-1 break-words">
        {message.author === "agent" ? <MarkdownText text={message.body} /> : plain}
      </div>
      <AttachmentList
        attachments={message.attachments}
        label="Files the customer sent"
        photoAlt={(name) => `Photo from the customer: ${name}`}
        pdfText={(name) => `Download PDF: ${name}`}
      />
      {message.email ? (
        <>
          <p className="mt-2 break-all text-xs text-slate-600">
            Emailed to {message.email.to} · “{message.email.subject}” · {message.email.status}
          </p>
          <EmailDeliveryNote email={message.email} />
        </>
      ) : null}
    </article>
  );
}
