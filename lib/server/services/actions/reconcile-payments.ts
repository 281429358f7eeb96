import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { isAppError } from "@/lib/server/http/app-error";
import { lockPendingAction } from "@/lib/server/repositories/pending-action-repository";
import { type ActionDeps, resolveActionDeps } from "./action-deps";
import { commitTransition, inActionTransaction, TRANSACTION_LIMITS } from "./action-transaction";
import { executePendingAction, payAndRecord } from "./execute-pending-action";
import { recordRefund } from "./record-refund";

/*
 * The sweep that makes execution finish by itself after a crash or a timeout. Any instance may
 * run it (on start-up and periodically); every step is a conditional move, so two sweeps at once
 * cannot pay twice.
 * - `approved` but never claimed (the process died between approval and execution): execute.
 * - `executing` with a stale claim (it died around the payment call): call the provider again
 *   with the same idempotency key, which answers with the refund it already made, then record.
 * - `needs_reconciliation` (a timeout): look the key up; a refund found is recorded, a refusal
 *   fails the action, and nothing found leaves it in the queue for a person.
 */

export type ReconcilePaymentsOptions = {
  /** How long a claim may sit before its executor is presumed dead. */
  staleAfterMs?: number;
  limit?: number;
};

export type ReconcilePaymentsReport = {
  executed: string[];
  failed: string[];
  unresolved: string[];
  /** Actions this pass could not settle; each is retried by the next pass. */
  errors: { actionId: string; message: string }[];
};

const DEFAULT_STALE_AFTER_MS = 2 * 60 * 1000;

export async function reconcilePayments(
  options: ReconcilePaymentsOptions = {},
  overrides: Partial<ActionDeps> = {},
): Promise<ReconcilePaymentsReport> {
  const deps = resolveActionDeps(overrides);
  const { db, now } = deps;
  const staleBefore = new Date(now.getTime() - (options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS));
  const candidates = await db.pendingAction.findMany({
    where: {
      OR: [
        { status: { in: ["approved", "executing"] }, updatedAt: { lte: staleBefore } },
        { status: "needs_reconciliation" },
      ],
    },
    select: { id: true },
    orderBy: { updatedAt: "asc" },
    take: options.limit ?? 50,
  });

  const report: ReconcilePaymentsReport = { executed: [], failed: [], unresolved: [], errors: [] };
  for (const { id } of candidates) {
    try {
      const status = await settleOne(deps, id, staleBefore);
      if (status === "executed") report.executed.push(id);
      else if (status === "failed") report.failed.push(id);
      else if (status === "needs_reconciliation") report.unresolved.push(id);
    } catch (error) {
      // Another sweep settled it first; anything else must not stop the rest of the batch.
      if (isAppError(error) && error.code === "CONFLICT") continue;
      report.errors.push({
        actionId: id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return report;
}

async function settleOne(
  deps: ActionDeps,
  actionId: string,
  staleBefore: Date,
): Promise<PendingActionState["status"] | null> {
  const current = await deps.db.pendingAction.findUnique({
    where: { id: actionId },
    select: { status: true, updatedAt: true },
  });
  if (!current) return null;
  switch (current.status) {
    case "approved":
      return (await executePendingAction({ actionId }, deps)).status;
    case "executing": {
      if (current.updatedAt > staleBefore) return null;
      const action = await lockedSnapshot(deps, actionId);
      if (action?.status !== "executing") return null;
      return (await payAndRecord(deps, action)).status;
    }
    case "needs_reconciliation":
      return settleUnknownOutcome(deps, actionId);
    default:
      return null;
  }
}

async function lockedSnapshot(
  deps: ActionDeps,
  actionId: string,
): Promise<PendingActionState | null> {
  return deps.db.$transaction((tx) => lockPendingAction(tx, actionId), TRANSACTION_LIMITS);
}

/** Looks the idempotency key up at the provider; never makes a new payment. */
async function settleUnknownOutcome(
  deps: ActionDeps,
  actionId: string,
): Promise<PendingActionState["status"]> {
  const { db, now, payments } = deps;
  const action = await lockedSnapshot(deps, actionId);
  if (action?.status !== "needs_reconciliation") return action?.status ?? "needs_reconciliation";
  const found = await payments.findRefundByKey(action.idempotencyKey);
  if (!found) return "needs_reconciliation";
  const system = { now, actor: { type: "system" } as const };
  const settled = await inActionTransaction(db, async (tx, changes) => {
    const current = await lockPendingAction(tx, actionId);
    if (current?.status !== "needs_reconciliation") return current;
    if (found.status === "failed") {
      return commitTransition(
        tx,
        changes,
        current,
        { type: "reconciled_failed", reason: "The payment provider declined the refund" },
        system,
      );
    }
    const recorded = await recordRefund(
      tx,
      changes,
      current,
      { ...found, provider: payments.name },
      { now, via: "reconciliation" },
    );
    return recorded.action;
  });
  return settled?.status ?? "needs_reconciliation";
}
