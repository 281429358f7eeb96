import "server-only";
import { z } from "zod";
import type { Actor } from "@/lib/domain/actor";
import type { AlreadyDecided } from "@/lib/domain/already-decided";
import { can, roleSchema } from "@/lib/domain/authz";
import {
  type PendingActionEvent,
  type PendingActionState,
  transition,
} from "@/lib/domain/pending-action";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/prisma-errors";
import type { ApprovalDecisionKind, PrismaClient } from "@/lib/generated/prisma/client";
import { appendStandaloneAuditEvents } from "@/lib/server/audit/append-standalone-audit-events";
import { oneAttemptAtATime, shareConcurrentRead } from "@/lib/server/coalesce-concurrent";
import { enqueueJob } from "@/lib/server/process/jobs/enqueue-job";
import { findPendingAction } from "@/lib/server/repositories/pending-action-repository";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { commitTransition, inActionTransaction } from "./action-transaction";
import { enforceApprovalLimit } from "./enforce-approval-limit";

/*
 * A staff approver's countersignature. The decision row is written first in the transaction and
 * is unique per action, so of two approvers clicking at once exactly one wins; the other gets
 * ALREADY_DECIDED (409) naming who decided first, and their attempt is audited too. The
 * decider's role is read from the database, never from the request. Approving does not execute:
 * the caller runs executePendingAction next (and the reconciliation sweep would, if it crashed).
 *
 * A burst of clicks on one action (two hundred at once in bench:approve) is coalesced inside this
 * process: one decision attempt at a time per action, the others wait for it and then read its
 * outcome, and the late clicks share their reads and the INSERTs of their refusals. So they
 * neither hold pooled connections while queueing on the decision's unique index nor commit one
 * transaction each. Across processes the unique decision row still settles the race.
 */

// The deciding request normally does the follow-up itself within this time (paying included);
// its job then finds everything done. Sooner, the job would race the request for the payment.
const FOLLOW_UP_GRACE_SECONDS = 10;

export const approvalDecisionInputSchema = z.object({
  actionId: z.string().min(1),
  deciderId: z.string().min(1),
  note: z.string().trim().max(2000).optional(),
  /** The quote the approver looked at; when given, it must still be the action's quote. */
  quoteHash: z.string().min(1).optional(),
});

export type ApprovalDecisionInput = z.input<typeof approvalDecisionInputSchema>;

export async function approveAction(
  input: ApprovalDecisionInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PendingActionState> {
  return decide("approved", input, context);
}

/** A rejection needs a note: the agent uses it to explain the decision to the customer. */
export async function rejectAction(
  input: ApprovalDecisionInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PendingActionState> {
  return decide("rejected", input, context);
}

async function decide(
  decision: ApprovalDecisionKind,
  input: ApprovalDecisionInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PendingActionState> {
  const request = approvalDecisionInputSchema.parse(input);
  const { db } = context;
  const now = context.now();
  const actor = await loadApprover(db, request.deciderId);
  for (;;) {
    // A late click skips the doomed attempt. The read is shared with the clicks of the same
    // moment: a decision, once made, is never unmade.
    const first = await shareConcurrentRead(db, `decision:${request.actionId}`, () =>
      findDecision(db, request.actionId),
    );
    if (first) throw await refuseLateDecision(db, request, decision, actor, now, first);
    // Clicks that wait out another attempt look again: it may have decided, or failed (over the
    // approver's limit, a stale quote hash) and left the decision to them.
    const tried = await oneAttemptAtATime(db, `decide:${request.actionId}`, () =>
      tryDecide(db, request, decision, actor, now),
    );
    if (tried.ran && tried.value !== "lost") return tried.value;
  }
}

/** Stores the decision and its transition, or "lost" when another process decided first. */
async function tryDecide(
  db: PrismaClient,
  request: z.output<typeof approvalDecisionInputSchema>,
  decision: ApprovalDecisionKind,
  actor: StaffActor,
  now: Date,
): Promise<PendingActionState | "lost"> {
  if (decision === "approved") await enforceApprovalLimit(db, request.actionId, actor, now);
  try {
    return await inActionTransaction(db, async (tx, changes) => {
      const current = await findPendingAction(tx, request.actionId);
      if (!current) throw new AppError("NOT_FOUND", "No such refund");
      await tx.approvalDecision.create({
        data: {
          pendingActionId: current.id,
          decision,
          deciderId: actor.userId,
          note: request.note || null,
          quoteHash: request.quoteHash ?? current.quoteHash,
          createdAt: now,
        },
      });
      const event = decisionEvent(decision, actor, request, current);
      const decided = await commitTransition(tx, changes, current, event, { now, actor });
      // What must follow the decision commits with it: if the deciding request dies after this
      // commit, the follow-up job executes, notes and tells the customer (follow-up-decision.ts).
      await enqueueJob(
        tx,
        "approval-follow-up",
        { actionId: current.id },
        { startAfterSeconds: FOLLOW_UP_GRACE_SECONDS },
      );
      return decided;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "lost";
    throw error;
  }
}

type StaffActor = Extract<Actor, { type: "staff" }>;

function decisionEvent(
  decision: ApprovalDecisionKind,
  actor: StaffActor,
  request: z.output<typeof approvalDecisionInputSchema>,
  action: PendingActionState,
): PendingActionEvent {
  return decision === "approved"
    ? {
        type: "staff_approved",
        userId: actor.userId,
        roles: actor.roles,
        quoteHash: request.quoteHash ?? action.quoteHash,
      }
    : {
        type: "staff_rejected",
        userId: actor.userId,
        roles: actor.roles,
        note: request.note ?? "",
      };
}

async function loadApprover(db: PrismaClient, deciderId: string): Promise<StaffActor> {
  // Shared by the same approver's clicks of one moment. A read already in flight is at most one
  // query old: as if the click had come that much sooner, a change of role made meanwhile is no
  // more missed than one committed between this read and the decision's insert.
  const staff = await shareConcurrentRead(db, `staff:${deciderId}`, () =>
    db.staffUser.findUnique({ where: { id: deciderId } }),
  );
  const roles = staff?.active ? [roleSchema.parse(staff.role)] : [];
  if (!staff || !can(roles, "approvals.decide")) {
    throw new AppError("FORBIDDEN", "Deciding refunds needs an active approver or admin account", {
      extensions: { reason: "NOT_APPROVER" },
    });
  }
  return { type: "staff", userId: staff.id, roles };
}

type FirstDecision = NonNullable<Awaited<ReturnType<typeof findDecision>>>;

function findDecision(db: PrismaClient, actionId: string) {
  return db.approvalDecision.findUnique({
    where: { pendingActionId: actionId },
    include: { decider: { select: { id: true, name: true } } },
  });
}

/** Someone decided first: audit this attempt, as its own approver, and name the winner. */
async function refuseLateDecision(
  db: PrismaClient,
  request: z.output<typeof approvalDecisionInputSchema>,
  decision: ApprovalDecisionKind,
  actor: StaffActor,
  now: Date,
  first: FirstDecision,
): Promise<AppError> {
  // Every late click of a burst reads the same decided action; one read serves them all.
  const action = await shareConcurrentRead(db, `decided-action:${request.actionId}`, () =>
    findPendingAction(db, request.actionId),
  );
  if (action) {
    const refused = transition(action, decisionEvent(decision, actor, request, action), {
      now,
      actor,
    });
    if (!refused.ok) {
      // Stored with its conversation, so the refused attempt shows on the ticket's audit trail.
      await appendStandaloneAuditEvents(
        db,
        refused.auditEvents.map((event) => ({ ...event, conversationId: action.conversationId })),
      );
    }
  }
  return new AppError(
    "ALREADY_DECIDED",
    `This refund was already ${first.decision} by ${first.decider.name}`,
    {
      extensions: {
        decision: first.decision,
        decidedBy: { id: first.decider.id, name: first.decider.name },
        decidedAt: first.createdAt.toISOString(),
      } satisfies AlreadyDecided,
    },
  );
}
