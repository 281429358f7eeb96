import { defineRoute } from "@/lib/server/http/route";
import { auditFiltersSchema } from "@/lib/server/services/audit/audit-filters";
import { exportAuditCsv } from "@/lib/server/services/audit/export-audit-csv";

export const dynamic = "force-dynamic";

export const GET = defineRoute(
  { permission: "audit.read", query: auditFiltersSchema },
  ({ query, context }) => {
    const stamp = new Date().toISOString().replaceAll(":", "-").slice(0, 19);
    return new Response(exportAuditCsv(query, context), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="countersign-audit-${stamp}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
);
