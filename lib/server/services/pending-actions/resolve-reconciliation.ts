import "server-only";
import { z } from "zod";
import { can, roleSchema } from "@/lib/domain/authz";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { hasFailed } from "@/lib/domain/refund-state";
import { AppError } from "@/lib/errors/app-error";
import {
  findPendingAction,
  lockPendingAction,
} from "@/lib/server/repositories/pending-action-repository";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { commitTransition, inActionTransaction } from "./action-transaction";
import { insideIdempotencyWindow, loadPaymentRoute } from "./payment-route";
import { recordRefund } from "./record-refund";

function describeWindow(ms: number): string {
  return `${Math.round(ms / 3_600_000)} hours`;
}

/*
 * A person settles a payment whose outcome the sweep could not find. The provider is asked
 * first either way (by the action's metadata), so staff can never mark as failed a refund that
 * in fact went through:
 * - `retry`: pay again under the same idempotency key (a repeat returns the first refund) — only
 *   inside the provider's idempotency window, past which a repeat could pay twice;
 * - `mark_failed`: the provider has no refund for the action; end the action as failed.
 */

export const resolveReconciliationInputSchema = z.object({
  actionId: z.string().min(1),
  staffId: z.string().min(1),
  resolution: z.enum(["retry", "mark_failed"]),
  note: z.string().trim().min(1).max(2000),
});

export type ResolveReconciliationInput = z.input<typeof resolveReconciliationInputSchema>;

export async function resolveReconciliation(
  input: ResolveReconciliationInput,
  context: Pick<UseCaseContext, "db" | "now" | "payments">,
): Promise<PendingActionState> {
  const request = resolveReconciliationInputSchema.parse(input);
  const { db, payments } = context;
  const now = context.now();
  const staff = await db.staffUser.findUnique({ where: { id: request.staffId } });
  const roles = staff?.active ? [roleSchema.parse(staff.role)] : [];
  if (!staff || !can(roles, "refunds.reconcile")) {
    throw new AppError("FORBIDDEN", "Settling payments needs an active approver or admin account");
  }
  const actor = { type: "staff" as const, userId: staff.id, roles };

  const action = await findPendingAction(db, request.actionId);
  if (!action) throw new AppError("NOT_FOUND", "No such refund");
  if (action.status !== "needs_reconciliation") {
    throw new AppError(
      "CONFLICT",
      `The refund is ${action.status}, not waiting for reconciliation`,
    );
  }

  const route = await loadPaymentRoute(db, payments, action);
  let payment = await route.provider.findRefund(route.request);
  if (!payment && request.resolution === "retry") {
    if (!insideIdempotencyWindow(route, now)) {
      throw new AppError(
        "CONFLICT",
        `${route.provider.name} keeps an idempotency key for ${describeWindow(route.provider.idempotencyWindowMs)}, and this refund was first sent longer ago: a retry could pay twice. Check the provider's dashboard, then mark it paid or not paid.`,
      );
    }
    try {
      payment = await route.provider.createRefund(route.request);
    } catch (error) {
      throw new AppError("SERVICE_UNAVAILABLE", "The payment provider did not answer; try again", {
        cause: error,
      });
    }
  }

  return inActionTransaction(db, async (tx, changes) => {
    const current = await lockPendingAction(tx, request.actionId);
    if (current?.status !== "needs_reconciliation") {
      throw new AppError("CONFLICT", "The refund was settled meanwhile; reload it");
    }
    if (payment && !hasFailed(payment.status)) {
      const recorded = await recordRefund(
        tx,
        changes,
        current,
        { ...payment, provider: route.provider.name, connectionId: route.connectionId },
        { now, via: "reconciliation", actor },
      );
      return recorded.action;
    }
    const reason = payment
      ? `The payment provider declined the refund. ${request.note}`
      : `No refund exists at the payment provider. ${request.note}`;
    return commitTransition(
      tx,
      changes,
      current,
      { type: "reconciled_failed", reason },
      {
        now,
        actor,
      },
    );
  });
}
