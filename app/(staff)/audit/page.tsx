import type { Metadata } from "next";
import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireStaffPage } from "@/lib/server/auth/session";
import { appContext } from "@/lib/server/process/app-context";
import { auditPageQuerySchema } from "@/lib/server/services/audit/audit-filters";
import { listAuditLog } from "@/lib/server/services/audit/list-audit-log";
import { AuditFilterForm } from "./audit-filter-form";
import { AuditTable } from "./audit-table";
import { ChainStatus } from "./chain-status";

export const metadata: Metadata = { title: "Audit log" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function firstValues(params: Record<string, string | string[] | undefined>) {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
}

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaffPage("audit.read");
  const raw = firstValues(await searchParams);
  const parsed = auditPageQuerySchema.safeParse(raw);
  const filters = parsed.success ? parsed.data : {};
  const log = await listAuditLog(filters, appContext());

  // The export and the next page keep every filter; only the cursor changes.
  const filterQuery = new URLSearchParams();
  for (const key of ["conversation", "action", "actor", "kind", "from", "to"] as const) {
    const value = raw[key];
    if (parsed.success && value) filterQuery.set(key, value);
  }
  const olderQuery = new URLSearchParams(filterQuery);
  if (log.olderBefore) olderQuery.set("before", log.olderBefore);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Audit log</h1>
          <p className="mt-1 max-w-prose text-sm text-slate-700">
            Every state change, decision, payment and email, in the order it committed, each linked
            by a keyed hash to the one before it, so an edited, inserted or deleted row shows up
            below.
          </p>
        </div>
        <a
          href={`/api/audit/export?${filterQuery.toString()}`}
          className={buttonClassName("secondary")}
          download
        >
          Export CSV
        </a>
      </div>

      <ChainStatus chain={log.chain} />

      <Card>
        <CardHeader title="Filters" as="h2" />
        <CardBody>
          {parsed.success ? null : (
            <p role="alert" className="mb-3 text-sm font-medium text-red-800">
              Some filters were not valid and were ignored:{" "}
              {parsed.error.issues
                .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
                .join("; ")}
            </p>
          )}
          <AuditFilterForm values={raw} kinds={log.kinds} staff={log.staff} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="Events"
          as="h2"
          description={
            log.entries.length === 0
              ? "No events match these filters."
              : `Newest first, ${log.entries.length} on this page.`
          }
        />
        {log.entries.length > 0 ? <AuditTable entries={log.entries} /> : null}
        <nav aria-label="Audit log pages" className="flex flex-wrap gap-3 px-4 py-3 sm:px-6">
          {raw.before ? (
            <Link
              href={`/audit?${filterQuery.toString()}`}
              className={buttonClassName("secondary")}
            >
              Newest
            </Link>
          ) : null}
          {log.olderBefore ? (
            <Link href={`/audit?${olderQuery.toString()}`} className={buttonClassName("secondary")}>
              Older events
            </Link>
          ) : null}
        </nav>
      </Card>
    </div>
  );
}
