import { resolvePeriod } from "@/lib/domain/insights";
import { defineRoute } from "@/lib/server/http/route";
import { exportInsightsCsv } from "@/lib/server/services/insights/export-insights-csv";
import { getInsights } from "@/lib/server/services/insights/get-insights";
import { insightPeriodQuerySchema } from "@/lib/server/services/insights/insight-period";

export const dynamic = "force-dynamic";

export const GET = defineRoute(
  { permission: "tickets.read", query: insightPeriodQuerySchema },
  async ({ query, context }) => {
    const period = resolvePeriod(query, new Date());
    const csv = exportInsightsCsv(await getInsights(period, context), period);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="countersign-insights-${period.fromDate}-to-${period.toDate}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
);
