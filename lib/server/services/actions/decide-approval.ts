import "server-only";
import { z } from "zod";
import type { Actor } from "@/lib/domain/actor";
import { can, roleSchema } from "@/lib/domain/authz";
import {
  type PendingActionEvent,
  type PendingActionState,
  transition,
} from "@/lib/domain/pending-action";
import { AppError } from "@/lib/errors/app-error";
import type { ApprovalDecisionKind, PrismaClient } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { isUniqueViolation } from "@/lib/server/prisma-errors";
import { findPendingAction } from "@/lib/server/repositories/pending-action-repository";
import { type ActionDeps, resolveActionDeps } from "./action-deps";
import { commitTransition, inActionTransaction, TRANSACTION_LIMITS } from "./action-transaction";
import { enforceApprovalLimit } from "./enforce-approval-limit";

/*
 * A staff approver's countersignature. The decision row is written first in the transaction and
 * is unique per action, so of two approvers clicking at once exactly one wins; the other gets
 * ALREADY_DECIDED (409) naming who decided first, and their attempt is audited too. The
 * decider's role is read from the database, never from the request. Approving does not execute:
 * the caller runs executePendingAction next (and the reconciliation sweep would, if it crashed).
 */

export const decideApprovalInputSchema = z.object({
  actionId: z.string().min(1),
  deciderId: z.string().min(1),
  note: z.string().trim().max(2000).optional(),
  /** The quote the approver looked at; when given, it must still be the action's quote. */
  quoteHash: z.string().min(1).optional(),
});

export type DecideApprovalInput = z.input<typeof decideApprovalInputSchema>;

export async function approveAction(
  input: DecideApprovalInput,
  overrides: Partial<ActionDeps> = {},
): Promise<PendingActionState> {
  return decide("approved", input, overrides);
}

/** A rejection needs a note: the agent uses it to explain the decision to the customer. */
export async function rejectAction(
  input: DecideApprovalInput,
  overrides: Partial<ActionDeps> = {},
): Promise<PendingActionState> {
  return decide("rejected", input, overrides);
}

async function decide(
  decision: ApprovalDecisionKind,
  input: DecideApprovalInput,
  overrides: Partial<ActionDeps>,
): Promise<PendingActionState> {
  const request = decideApprovalInputSchema.parse(input);
  const { db, now } = resolveActionDeps(overrides);
  const actor = await loadApprover(db, request.deciderId);
  // A late click on an already decided action skips the doomed insert; the race between two
  // live clicks is still settled by the unique constraint below.
  const decided = await db.approvalDecision.count({ where: { pendingActionId: request.actionId } });
  if (decided > 0) throw await recordLosingDecision(db, request, decision, actor, now);
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
      return commitTransition(tx, changes, current, event, { now, actor });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw await recordLosingDecision(db, request, decision, actor, now);
  }
}

type StaffActor = Extract<Actor, { type: "staff" }>;

function decisionEvent(
  decision: ApprovalDecisionKind,
  actor: StaffActor,
  request: z.output<typeof decideApprovalInputSchema>,
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
  const staff = await db.staffUser.findUnique({ where: { id: deciderId } });
  const roles = staff?.active ? [roleSchema.parse(staff.role)] : [];
  if (!staff || !can(roles, "approvals.decide")) {
    throw new AppError("FORBIDDEN", "Deciding refunds needs an active approver or admin account", {
      extensions: { reason: "NOT_APPROVER" },
    });
  }
  return { type: "staff", userId: staff.id, roles };
}

/** The unique decision row said someone was first: audit this attempt and name the winner. */
async function recordLosingDecision(
  db: PrismaClient,
  request: z.output<typeof decideApprovalInputSchema>,
  decision: ApprovalDecisionKind,
  actor: StaffActor,
  now: Date,
): Promise<AppError> {
  const first = await db.approvalDecision.findUniqueOrThrow({
    where: { pendingActionId: request.actionId },
    include: { decider: { select: { id: true, name: true } } },
  });
  const action = await findPendingAction(db, request.actionId);
  if (action) {
    const refused = transition(action, decisionEvent(decision, actor, request, action), {
      now,
      actor,
    });
    if (!refused.ok) {
      // Stored with its conversation, so the refused attempt shows on the ticket's audit trail.
      const records = refused.auditEvents.map((event) => ({
        ...event,
        conversationId: action.conversationId,
      }));
      await db.$transaction((tx) => appendAuditEvents(tx, records), TRANSACTION_LIMITS);
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
      },
    },
  );
}
