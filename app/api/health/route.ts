import { getServerEnv } from "@/lib/server/env";
import { defineRoute } from "@/lib/server/http/route";
import { checkHealth, publicHealth } from "@/lib/server/services/health/check-health";

export const dynamic = "force-dynamic";

// Load balancers need only up or down; the version, database latency and process details help an
// attacker more than anyone else, so only signed-in staff see them.
export const GET = defineRoute({ permission: "public" }, async ({ session, context }) => {
  const report = await checkHealth({ version: getServerEnv().APP_VERSION }, context);
  return Response.json(session ? report : publicHealth(report), {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
});
