import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { hasFailed } from "@/lib/domain/refund-state";
import { isAppError } from "@/lib/errors/app-error";
import type { ProviderRefund } from "@/lib/integrations/payments/payment-provider";
import { lockPendingAction } from "@/lib/server/repositories/pending-action-repository";
import {
  clearSweepFailures,
  loadSweepFailures,
  recordSweepFailure,
  type SweepFailure,
} from "@/lib/server/services/sweeps/sweep-dead-letters";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { commitTransition, inActionTransaction, TRANSACTION_LIMITS } from "./action-transaction";
import {
  executePendingAction,
  type PaymentDeps,
  payAndRecord,
  paymentDeps,
} from "./execute-pending-action";
import { insideIdempotencyWindow, loadPaymentRoute } from "./payment-route";
import { recordRefund } from "./record-refund";

/*
 * The sweep that makes execution finish by itself after a crash or a timeout. Any instance may
 * run it (on start-up and periodically); every step is a conditional move, so two sweeps at once
 * cannot pay twice.
 * - `approved` but never claimed (the process died between approval and execution): execute.
 * - `executing` with a stale claim (it died around the payment call): look the refund up by the
 *   action's metadata; if none, call again with the same idempotency key — but only inside the
 *   provider's idempotency window; past it the action waits for a person (needs reconciliation).
 * - `needs_reconciliation` (a timeout): look the refund up; one found is recorded (in the state
 *   the provider reports), a refusal fails the action. A provider that finds no refund for longer
 *   than RELEASE_AFTER_MS (a lost request cannot still land by then), inside its idempotency
 *   window, fails the action as "never made", audited, which releases its lines for a new
 *   request; until then, for as long as the provider cannot be reached, and always once the
 *   window has passed, the action waits for a person.
 */

export type ReconcilePaymentsOptions = {
  /** How long a claim may sit before its executor is presumed dead. */
  staleAfterMs?: number;
  limit?: number;
  /** Settle just these actions (still only those that are unfinished). */
  onlyActionIds?: string[];
};

export type ReconcilePaymentsReport = {
  executed: string[];
  failed: string[];
  unresolved: string[];
  /** Actions this pass could not settle; each is retried by the next pass until dead-lettered. */
  errors: { actionId: string; message: string }[];
  sweepFailures: SweepFailure[];
};

const SWEEP = "reconcile_payments";

const DEFAULT_STALE_AFTER_MS = 2 * 60 * 1000;
const LATEST_DATE = new Date(8.64e15);
export const RELEASE_AFTER_MS = 15 * 60 * 1000;
export const NEVER_MADE_REASON =
  "The payment provider has no refund under this action's key: the refund was never made";

type SweepContext = Pick<UseCaseContext, "db" | "now" | "payments" | "faultPoint" | "commerce">;

export async function reconcilePayments(
  options: ReconcilePaymentsOptions,
  context: SweepContext,
): Promise<ReconcilePaymentsReport> {
  const deps = paymentDeps(context);
  const { db, now } = deps;
  // Named actions belong to a process known to be dead: every claim of theirs is stale already.
  const staleBefore = options.onlyActionIds
    ? LATEST_DATE
    : new Date(now.getTime() - (options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS));
  const limit = options.limit ?? 50;
  const failures = await loadSweepFailures(db, SWEEP);
  const passedBy = {
    notIn: failures.deadLettered,
    ...(options.onlyActionIds ? { in: options.onlyActionIds } : {}),
  };
  // Two batches, each with its own budget, so unknown outcomes that stay unknown (their rows never
  // change) cannot fill every pass and starve an approved refund a crash left behind.
  const [unfinished, unknown] = await Promise.all([
    db.pendingAction.findMany({
      where: {
        status: { in: ["approved", "executing"] },
        updatedAt: { lte: staleBefore },
        id: passedBy,
      },
      select: { id: true },
      orderBy: { updatedAt: "asc" },
      take: limit,
    }),
    db.pendingAction.findMany({
      where: { status: "needs_reconciliation", id: passedBy },
      select: { id: true },
      orderBy: { updatedAt: "asc" },
      take: limit,
    }),
  ]);

  const report: ReconcilePaymentsReport = {
    executed: [],
    failed: [],
    unresolved: [],
    errors: [],
    sweepFailures: [],
  };
  for (const { id } of [...unfinished, ...unknown]) {
    try {
      const status = await settleOne(context, deps, id, staleBefore);
      if (status === "executed") report.executed.push(id);
      else if (status === "failed") report.failed.push(id);
      else if (status === "needs_reconciliation") report.unresolved.push(id);
      await clearSweepFailures(db, failures, SWEEP, id);
    } catch (error) {
      // Another sweep settled it first; anything else must not stop the rest of the batch.
      if (isAppError(error) && error.code === "CONFLICT") continue;
      report.errors.push({
        actionId: id,
        message: error instanceof Error ? error.message : String(error),
      });
      report.sweepFailures.push(await recordSweepFailure(db, SWEEP, id, error));
    }
  }
  return report;
}

/*
 * Payments whose process is known to be dead (see lib/server/process/instances) are settled at
 * once, without waiting for them to go stale: repeating the call under the same idempotency key is
 * safe at any time, because the provider answers a repeat with the refund it already made.
 */
export async function settleAbandonedActions(
  { actionIds }: { actionIds: string[] },
  context: SweepContext,
): Promise<ReconcilePaymentsReport> {
  if (actionIds.length === 0) {
    return { executed: [], failed: [], unresolved: [], errors: [], sweepFailures: [] };
  }
  return reconcilePayments({ onlyActionIds: actionIds }, context);
}

async function settleOne(
  context: SweepContext,
  deps: PaymentDeps,
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
      return (await executePendingAction({ actionId }, context)).status;
    case "executing": {
      if (current.updatedAt > staleBefore) return null;
      const action = await lockedSnapshot(deps, actionId);
      if (action?.status !== "executing") return null;
      return (await payAndRecord(deps, action, "retry")).status;
    }
    case "needs_reconciliation":
      return settleUnknownOutcome(deps, actionId);
    default:
      return null;
  }
}

async function lockedSnapshot(
  deps: PaymentDeps,
  actionId: string,
): Promise<PendingActionState | null> {
  return deps.db.$transaction((tx) => lockPendingAction(tx, actionId), TRANSACTION_LIMITS);
}

/** Looks the refund up at the provider by the action's metadata; never makes a new payment. */
async function settleUnknownOutcome(
  deps: PaymentDeps,
  actionId: string,
): Promise<PendingActionState["status"]> {
  const { db, now } = deps;
  const action = await lockedSnapshot(deps, actionId);
  if (action?.status !== "needs_reconciliation") return action?.status ?? "needs_reconciliation";
  const route = await loadPaymentRoute(db, deps.payments, action);
  let found: ProviderRefund | null;
  try {
    found = await route.provider.findRefund(route.request);
  } catch {
    // The provider cannot be reached: nothing is known, so the action keeps waiting.
    return "needs_reconciliation";
  }
  const neverMade =
    !found &&
    now.getTime() - action.updatedAt.getTime() >= RELEASE_AFTER_MS &&
    insideIdempotencyWindow(route, now);
  if (!found && !neverMade) return "needs_reconciliation";
  const system = { now, actor: { type: "system" } as const };
  const settled = await inActionTransaction(db, async (tx, changes) => {
    const current = await lockPendingAction(tx, actionId);
    if (current?.status !== "needs_reconciliation") return current;
    if (!found) {
      return commitTransition(
        tx,
        changes,
        current,
        { type: "reconciled_failed", reason: NEVER_MADE_REASON },
        system,
      );
    }
    if (hasFailed(found.status)) {
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
      { ...found, provider: route.provider.name, connectionId: route.connectionId },
      { now, via: "reconciliation" },
    );
    return recorded.action;
  });
  return settled?.status ?? "needs_reconciliation";
}
