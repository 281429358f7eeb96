import "server-only";
import type { ModelProvider } from "@/lib/agent/model/provider";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { settleAbandonedActions } from "@/lib/server/services/actions/reconcile-payments";
import type { AdvanceRunOutcome } from "@/lib/server/services/runs/advance-run";
import { launchRun } from "@/lib/server/services/runs/launch-run";
import type { Reclaimed } from "./instance-registry";

export type TakeOverOptions = { db: PrismaClient; provider?: ModelProvider };

/*
 * What a dead process left: its payments are settled first (a customer's money matters more than
 * the reply about it), then its runs are advanced here. Each run is still claimed under its lease,
 * so a run another instance picked up meanwhile is left alone.
 */
export async function takeOverWork(
  reclaimed: Reclaimed,
  options: TakeOverOptions,
): Promise<{ runs: Promise<AdvanceRunOutcome>[] }> {
  await settleAbandonedActions(reclaimed.actionIds, { db: options.db });
  return {
    runs: reclaimed.runIds.map((runId) =>
      launchRun(runId, { db: options.db, provider: options.provider }),
    ),
  };
}
