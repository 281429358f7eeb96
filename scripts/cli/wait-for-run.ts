import { isRunEnded } from "@/lib/domain/run-lifecycle";
import { db } from "@/lib/server/db";

/*
 * A command that wakes the agent stays alive until the agent's turn ends, so the turn finishes in
 * this process rather than waiting for an app instance's sweep to pick up a lapsed lease.
 */
export async function waitForRun(runId: string | null, timeoutMs = 120_000): Promise<string> {
  if (!runId) return "none";
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await db.run.findUnique({ where: { id: runId }, select: { status: true } });
    if (!run || isRunEnded(run.status)) return run?.status ?? "missing";
    if (Date.now() > deadline) return run.status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
