import "server-only";
import { db as defaultDb } from "@/lib/server/db";
import { getLogger } from "@/lib/server/logger";
import { type AdvanceRunOptions, type AdvanceRunOutcome, advanceRun } from "./advance-run";
import { isHeldByHuman } from "./human-hold";

// Starts advancing a run in this process without making the caller (an HTTP request) wait.
// The lease makes it safe if another instance's sweeper reaches the same run first. No run
// (queueRun found a person holding the conversation) or a held conversation starts nothing.
export function launchRun(
  runId: string | null,
  options: AdvanceRunOptions = {},
): Promise<AdvanceRunOutcome> {
  if (runId === null) return Promise.resolve("not_claimed");
  return startUnlessHeld(runId, options).catch((error: unknown) => {
    getLogger().error({ err: error, runId }, "advancing run failed");
    return "failed" as const;
  });
}

async function startUnlessHeld(
  runId: string,
  options: AdvanceRunOptions,
): Promise<AdvanceRunOutcome> {
  const db = options.db ?? defaultDb;
  const run = await db.run.findUnique({ where: { id: runId }, select: { conversationId: true } });
  if (run && (await isHeldByHuman(db, run.conversationId))) return "not_claimed";
  return advanceRun(runId, options);
}
