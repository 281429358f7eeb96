import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { checkApprovalLimit } from "@/lib/domain/approval-limit";
import { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { appendStandaloneAuditEvents } from "@/lib/server/audit/append-standalone-audit-events";
import { findPendingAction } from "@/lib/server/repositories/pending-action-repository";
import { getSettings } from "@/lib/server/settings/get-settings";

/*
 * An approver countersigns refunds up to the admin's approver limit; above it only an admin may.
 * Checked before the decision row is written, so a refused approval leaves the action waiting for
 * an admin. The refusal is audited on the action's ticket like any other refused transition. A
 * quote's amount never changes, so a check before the transaction sees what the approval would.
 */
export async function enforceApprovalLimit(
  db: PrismaClient,
  actionId: string,
  actor: Extract<Actor, { type: "staff" }>,
  now: Date,
): Promise<void> {
  const action = await findPendingAction(db, actionId);
  if (!action) throw new AppError("NOT_FOUND", "No such refund");
  const { netRefundCents, currency } = action.quote;
  const verdict = checkApprovalLimit(actor.roles, netRefundCents, await getSettings(db), currency);
  if (verdict.ok) return;
  await appendStandaloneAuditEvents(db, [
    {
      kind: "pending_action.transition_refused",
      subjectType: "pending_action",
      subjectId: action.id,
      conversationId: action.conversationId,
      actor,
      occurredAt: now,
      payload: {
        status: action.status,
        event: "staff_approved",
        code: verdict.code,
        message: verdict.message,
      },
    },
  ]);
  throw new AppError("FORBIDDEN", verdict.message, {
    extensions: { reason: verdict.code, limitCents: verdict.limitCents, netRefundCents },
  });
}
