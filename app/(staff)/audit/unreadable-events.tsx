import type { AuditChainStatus } from "@/lib/server/services/audit/list-audit-log";

/** Events whose hash checked out but whose kind or payload this version cannot read. */
export function UnreadableEvents({ unreadable }: { unreadable: AuditChainStatus["unreadable"] }) {
  if (unreadable.count === 0) return null;
  return (
    <div
      role="status"
      className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-300"
    >
      <p>
        <span className="font-semibold">
          {unreadable.count} {unreadable.count === 1 ? "event has" : "events have"} a kind or
          payload this version does not recognise.
        </span>{" "}
        Their hashes were checked like every other event&apos;s; what they say could not be read.
      </p>
      <ul className="mt-1 list-disc pl-5">
        {unreadable.first.map((event) => (
          <li key={event.id}>
            Position {event.position}, <code className="font-mono">{event.kind}</code>:{" "}
            {event.problem}
          </li>
        ))}
      </ul>
    </div>
  );
}
