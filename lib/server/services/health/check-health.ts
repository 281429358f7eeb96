import "server-only";
import { isProcessStopping } from "@/lib/server/process/process-stopping";
import { pingDatabase } from "@/lib/server/services/health/health-queries";
import type { UseCaseContext } from "@/lib/server/use-case-context";

// A load balancer polls this; an unreachable database must answer "down" quickly, not hang.
const DATABASE_TIMEOUT_MS = 2_000;

export type HealthReport = {
  /** "stopping": the process is draining before it exits; send new work elsewhere. */
  status: "ok" | "degraded" | "stopping";
  version: string;
  database: { status: "up" | "down"; latencyMs: number };
  process: { pid: number; uptimeSeconds: number };
};

async function probeDatabase(
  context: Pick<UseCaseContext, "db" | "logger">,
): Promise<HealthReport["database"]> {
  const startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database ping timed out")), DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([pingDatabase(context.db), timeout]);
    return { status: "up", latencyMs: Math.round(performance.now() - startedAt) };
  } catch (error) {
    context.logger.warn({ err: error }, "health check: database unreachable");
    return { status: "down", latencyMs: Math.round(performance.now() - startedAt) };
  } finally {
    clearTimeout(timer);
  }
}

/** What anyone may know: whether the app can serve requests. */
export function publicHealth(report: HealthReport): Pick<HealthReport, "status"> {
  return { status: report.status };
}

export async function checkHealth(
  input: { version: string },
  context: Pick<UseCaseContext, "db" | "logger">,
): Promise<HealthReport> {
  const database = await probeDatabase(context);
  return {
    status: isProcessStopping() ? "stopping" : database.status === "up" ? "ok" : "degraded",
    version: input.version,
    database,
    process: { pid: process.pid, uptimeSeconds: Math.round(process.uptime()) },
  };
}
