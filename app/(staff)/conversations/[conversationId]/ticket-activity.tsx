import Link from "next/link";
import type { TicketActivity as TicketActivityData } from "@/lib/server/services/conversations/get-ticket-activity";

// One zone for every reader, as the audit log shows times.
const timeOfDay = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/**
 * The ticket's story in sentences, oldest first, told from its audit events; admins reach the
 * raw events through the audit log filtered to this ticket.
 */
export function TicketActivity({
  conversationId,
  activity,
  canReadAudit,
}: {
  conversationId: string;
  activity: TicketActivityData;
  canReadAudit: boolean;
}) {
  return (
    <section
      aria-labelledby="activity-heading"
      className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <header className="border-b border-slate-200 px-4 py-3">
        <h2 id="activity-heading" className="text-lg font-semibold">
          Activity
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          What happened to this ticket, oldest first, as the audit log recorded it.
        </p>
      </header>
      {activity.lines.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-700">Nothing has been recorded yet.</p>
      ) : (
        <ol className="divide-y divide-slate-100 px-4 text-sm">
          {activity.lines.map((line) => (
            <li key={line.id} data-testid="activity-line" className="py-2">
              <p className="break-words text-slate-900">{line.sentence}</p>
              <time dateTime={line.at} className="text-xs text-slate-600">
                {timeOfDay.format(new Date(line.at))} UTC
              </time>
            </li>
          ))}
        </ol>
      )}
      {activity.truncated ? (
        <p className="px-4 pb-2 text-sm text-slate-700">
          Only the first {activity.lines.length} events are told here.
        </p>
      ) : null}
      {canReadAudit ? (
        <footer className="border-t border-slate-200 px-4 py-1">
          <Link
            href={`/audit?conversation=${encodeURIComponent(conversationId)}`}
            className="inline-flex min-h-11 items-center text-sm font-medium text-blue-800 underline underline-offset-2"
          >
            Raw audit events for this ticket
          </Link>
        </footer>
      ) : null}
    </section>
  );
}
