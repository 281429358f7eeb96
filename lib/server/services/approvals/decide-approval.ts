import "server-only";
import { z } from "zod";
import type { PendingActionState, PendingActionStatus } from "@/lib/domain/pending-action";
import type { RefundState } from "@/lib/domain/refund-state";
import { AppError } from "@/lib/errors/app-error";
import { isTransientDatabaseError } from "@/lib/errors/prisma-errors";
import { retryTransientDatabaseErrors } from "@/lib/server/retry-transient";
import {
  approveAction,
  rejectAction,
} from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import { launchRun } from "@/lib/server/services/runs/launch-run";
import { requireActionInStaffWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { noteDecision } from "./note-decision";

/*
 * What the Approve and Reject buttons do, in order (on a refund of the decider's own workspaces;
 * any other is "no such refund"): the countersignature is stored (and a second one answers 409
 * naming who was first), an approved refund is executed right away (if this process dies first,
 * the reconciliation sweep executes it), then the decision goes into the thread as a team note
 * and the agent gets a turn to tell the customer, using the note. An email
 * ticket whose refund was paid is the exception: the refund email already told the customer, and
 * a second email saying the same would only confuse them. Everything after the decision is also
 * in the follow-up job its transaction wrote (follow-up-decision.ts), so a process that dies after
 * the decision committed leaves nothing undone.
 */

export const decisionSchema = z.discriminatedUnion("decision", [
  z.object({
    decision: z.literal("approve"),
    note: z.string().trim().max(2000).optional(),
    /** The quote the approver looked at; the decision fails if the action's quote differs. */
    quoteHash: z.string().min(1).max(128).optional(),
  }),
  z.object({
    decision: z.literal("reject"),
    note: z
      .string()
      .trim()
      .min(1, "Say why: the agent uses this note to explain the decision to the customer")
      .max(2000),
    quoteHash: z.string().min(1).max(128).optional(),
  }),
]);

export type DecisionInput = z.infer<typeof decisionSchema>;

export type DecisionResult = {
  actionId: string;
  decision: "approved" | "rejected";
  status: PendingActionStatus;
  refund: {
    id: string;
    amountCents: number;
    currency: string;
    target: string;
    /** The payment provider's state: paid, or still processing. */
    state: RefundState;
  } | null;
};

export type DecisionOutcome = {
  result: DecisionResult;
  /** The agent's turn telling the customer; routes answer without waiting for it. */
  agentTurn: Promise<unknown>;
};

export async function decideApproval(
  input: DecisionInput & { actionId: string; deciderId: string },
  context: Pick<
    UseCaseContext,
    "db" | "now" | "payments" | "commerce" | "faultPoint" | "model" | "logger"
  >,
): Promise<DecisionOutcome> {
  await requireActionInStaffWorkspaces(context.db, {
    actionId: input.actionId,
    staffUserId: input.deciderId,
  });
  const request = {
    actionId: input.actionId,
    deciderId: input.deciderId,
    note: input.note,
    quoteHash: input.quoteHash,
  };
  const decided =
    input.decision === "approve"
      ? await approveAction(request, context)
      : await rejectAction(request, context);

  let final: PendingActionState = decided;
  let refund: DecisionResult["refund"] = null;
  if (decided.status === "approved") {
    try {
      const executed = await executePendingAction({ actionId: decided.id }, context);
      final = executed.action;
      if (executed.outcome === "executed") {
        const { id, amountCents, currency, target, state } = executed.refund;
        refund = { id, amountCents, currency, target, state };
      }
    } catch (error) {
      // The approval is stored; the reconciliation sweep finishes an approved action later.
      context.logger.error(
        { err: error, actionId: decided.id },
        "executing an approved refund failed",
      );
    }
  }

  const { runId } = await retryTransientDatabaseErrors(
    () =>
      noteDecision(
        { action: final, decision: input.decision, note: input.note, deciderId: input.deciderId },
        context,
      ),
    { label: "note decision" },
  ).catch((error: unknown) => {
    throw isTransientDatabaseError(error) ? decisionRecordedMeanwhile(final, error) : error;
  });
  const agentTurn = runId ? launchRun({ runId }, context) : Promise.resolve(null);
  return {
    result: {
      actionId: final.id,
      decision: input.decision === "approve" ? "approved" : "rejected",
      status: final.status,
      refund,
    },
    agentTurn,
  };
}

/*
 * The decision committed (with its follow-up job), but the database stayed away longer than the
 * retries: the job pays what is unpaid, writes the note and tells the customer once it is back.
 * The approver is told exactly that rather than a bare 500 about a decision that stands.
 */
function decisionRecordedMeanwhile(action: PendingActionState, cause: unknown): AppError {
  const settled = action.status === "executed" ? "The refund was paid. " : "";
  return new AppError(
    "SERVICE_UNAVAILABLE",
    `Your decision is recorded. ${settled}The database is unavailable for a moment, so the rest (the team note, telling the customer) follows automatically once it is back; there is no need to decide again.`,
    { extensions: { actionId: action.id, decisionRecorded: true, status: action.status }, cause },
  );
}
