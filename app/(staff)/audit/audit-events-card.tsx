import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import type { AuditLogEntry } from "@/lib/server/services/audit/list-audit-log";
import { AuditTable } from "./audit-table";

/** One page of events, newest first, with links to the newest and the next older page. */
export function AuditEventsCard({
  entries,
  newestHref,
  olderHref,
}: {
  entries: AuditLogEntry[];
  /** Set when this is not the first page. */
  newestHref: string | null;
  /** Set when there are older events. */
  olderHref: string | null;
}) {
  return (
    <Card>
      <CardHeader
        title="Events"
        as="h2"
        description={
          entries.length === 0
            ? "No events match these filters."
            : `Newest first, ${entries.length} on this page.`
        }
      />
      {entries.length > 0 ? <AuditTable entries={entries} /> : null}
      <nav aria-label="Audit log pages" className="flex flex-wrap gap-3 px-4 py-3 sm:px-6">
        {newestHref ? (
          <Link href={newestHref} className={buttonClassName("secondary")}>
            Newest
          </Link>
        ) : null}
        {olderHref ? (
          <Link href={olderHref} className={buttonClassName("secondary")}>
            Older events
          </Link>
        ) : null}
      </nav>
    </Card>
  );
}
