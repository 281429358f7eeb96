import { inboxHref } from "@/lib/client/inbox-href";
import { addCappedCounts } from "@/lib/domain/capped-count";
import type { ConversationStatus } from "@/lib/generated/prisma/enums";
import type { InboxPage, InboxQuery } from "@/lib/server/services/inbox/list-inbox";
import { CountLabel } from "./count-label";
import { StatusLink } from "./status-link";

const STATUS_FILTERS: { status: ConversationStatus; label: string }[] = [
  { status: "needs_approval", label: "Needs approval" },
  { status: "agent_working", label: "Agent working" },
  { status: "waiting_on_customer", label: "Waiting on customer" },
  { status: "needs_reconciliation", label: "Needs reconciliation" },
  { status: "failed", label: "Failed" },
  { status: "resolved", label: "Resolved" },
];

/** "All" and one pill per status, each with its count under the other filters. */
export function StatusFilterNav({
  query,
  counts,
}: {
  query: InboxQuery;
  counts: InboxPage["statusCounts"];
}) {
  return (
    <nav aria-label="Filter by status">
      <ul className="flex flex-wrap gap-2">
        <li>
          <StatusLink href={inboxHref(query, { status: null })} current={query.status.length === 0}>
            All <CountLabel value={addCappedCounts(Object.values(counts))} />
          </StatusLink>
        </li>
        {STATUS_FILTERS.map(({ status, label }) => (
          <li key={status}>
            <StatusLink
              href={inboxHref(query, { status })}
              current={query.status.length === 1 && query.status[0] === status}
            >
              {label} <CountLabel value={counts[status]} />
            </StatusLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
