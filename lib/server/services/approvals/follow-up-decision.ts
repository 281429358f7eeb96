import "server-only";
import type { PendingActionState } from "@/lib/domain/pending-action";
import { findPendingAction } from "@/lib/server/repositories/pending-action-repository";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { noteDecision } from "./note-decision";

/** Thrown while a payment is being made: the job is retried with backoff until it settles. */
export class DecisionNotSettledError extends Error {}

export type FollowUpOutcome = "noted" | "no_action" | "no_decision";

/*
 * The approval-follow-up job, written in the decision's own transaction (decide-approval.ts): what
 * the deciding request does after the commit, done again where that request died. Every step is
 * safe to repeat: an approved refund is executed under its claim (a request that already claimed
 * it wins, this returns not_claimed), and the note and the customer's turn are keyed by action.
 * While the payment is in flight the job waits (retried with backoff); an unknown outcome is
 * noted like the request notes it, and reconciliation settles the payment.
 */
export async function followUpDecision(
  { actionId }: { actionId: string },
  context: Pick<UseCaseContext, "db" | "now" | "payments" | "faultPoint" | "commerce" | "model">,
): Promise<{ outcome: FollowUpOutcome; runId: string | null }> {
  const { db } = context;
  const decision = await db.approvalDecision.findUnique({
    where: { pendingActionId: actionId },
  });
  const found = await findPendingAction(db, actionId);
  if (!found) return { outcome: "no_action", runId: null };
  if (!decision) return { outcome: "no_decision", runId: null };
  let action: PendingActionState = found;
  if (action.status === "approved") {
    action = (await executePendingAction({ actionId }, context)).action;
  }
  if (action.status === "approved" || action.status === "executing") {
    throw new DecisionNotSettledError(`refund ${actionId} is still ${action.status}`);
  }
  const { runId } = await noteDecision(
    {
      action,
      decision: decision.decision === "approved" ? "approve" : "reject",
      note: decision.note ?? undefined,
      deciderId: decision.deciderId,
    },
    context,
  );
  return { outcome: "noted", runId };
}
