import { defineRoute } from "@/lib/server/http/route";
import { checkHealth } from "@/lib/server/services/health/check-health";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ permission: "public" }, async () => {
  const report = await checkHealth();
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
});
