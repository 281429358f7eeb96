import type { Metadata } from "next";
import { buttonClassName } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { auditFilterQuery } from "@/lib/client/audit-filter-query";
import { requireStaffPage } from "@/lib/server/auth/session";
import { appContext } from "@/lib/server/process/app-context";
import { auditPageQuerySchema } from "@/lib/server/services/audit/audit-filters";
import { listAuditLog } from "@/lib/server/services/audit/list-audit-log";
import { AuditEventsCard } from "./audit-events-card";
import { AuditFilterForm } from "./audit-filter-form";
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
  const log = await listAuditLog(parsed.success ? parsed.data : {}, appContext());

  // The export and the next page keep every filter; only the cursor changes.
  const filterQuery = auditFilterQuery(raw, parsed.success);
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

      <AuditEventsCard
        entries={log.entries}
        newestHref={raw.before ? `/audit?${filterQuery.toString()}` : null}
        olderHref={log.olderBefore ? `/audit?${olderQuery.toString()}` : null}
      />
    </div>
  );
}
