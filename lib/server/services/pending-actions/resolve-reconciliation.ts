import "server-only";
import { z } from "zod";
import { can, roleSchema } from "@/lib/domain/authz";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { AppError } from "@/lib/errors/app-error";
import {
  findPendingAction,
  lockPendingAction,
} from "@/lib/server/repositories/pending-action-repository";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { commitTransition, inActionTransaction } from "./action-transaction";
import { recordRefund } from "./record-refund";

/*
 * A person settles a payment whose outcome the sweep could not find. The provider is asked
 * first either way, so staff can never mark as failed a refund that in fact went through:
 * - `retry`: pay again under the same idempotency key (a repeat returns the first refund);
 * - `mark_failed`: the provider has no refund under the key; end the action as failed.
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

  const found = await payments.findRefundByKey(action.idempotencyKey);
  let payment = found;
  if (!payment && request.resolution === "retry") {
    try {
      payment = await payments.createRefund({
        idempotencyKey: action.idempotencyKey,
        amountCents: action.quote.netRefundCents,
        currency: action.quote.currency,
        target: action.quote.refundTarget,
        customerId: action.customerId,
        orderId: action.quote.orderId,
      });
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
    if (payment?.status === "succeeded") {
      const recorded = await recordRefund(
        tx,
        changes,
        current,
        { ...payment, provider: payments.name },
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
