import "server-only";
import { getServerEnv } from "@/lib/server/env";
import { getLogger } from "@/lib/server/logger";
import { isProcessStopping } from "@/lib/server/process/process-stopping";
import { pingDatabase } from "@/lib/server/services/health/health-queries";

// A load balancer polls this; an unreachable database must answer "down" quickly, not hang.
const DATABASE_TIMEOUT_MS = 2_000;

export type HealthReport = {
  /** "stopping": the process is draining before it exits; send new work elsewhere. */
  status: "ok" | "degraded" | "stopping";
  version: string;
  database: { status: "up" | "down"; latencyMs: number };
  process: { pid: number; uptimeSeconds: number };
};

async function probeDatabase(): Promise<HealthReport["database"]> {
  const startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database ping timed out")), DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([pingDatabase(), timeout]);
    return { status: "up", latencyMs: Math.round(performance.now() - startedAt) };
  } catch (error) {
    getLogger().warn({ err: error }, "health check: database unreachable");
    return { status: "down", latencyMs: Math.round(performance.now() - startedAt) };
  } finally {
    clearTimeout(timer);
  }
}

/** What anyone may know: whether the app can serve requests. */
export function publicHealth(report: HealthReport): Pick<HealthReport, "status"> {
  return { status: report.status };
}

export async function checkHealth(): Promise<HealthReport> {
  const database = await probeDatabase();
  return {
    status: isProcessStopping() ? "stopping" : database.status === "up" ? "ok" : "degraded",
    version: getServerEnv().APP_VERSION,
    database,
    process: { pid: process.pid, uptimeSeconds: Math.round(process.uptime()) },
  };
}
