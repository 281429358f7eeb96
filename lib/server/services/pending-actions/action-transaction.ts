import "server-only";
import { amountAtStake } from "@/lib/domain/amount-at-stake";
import {
  type PendingActionEvent,
  type PendingActionState,
  type TransitionContext,
  type TransitionErrorCode,
  transition,
} from "@/lib/domain/pending-action";
import { AppError, type ErrorCode } from "@/lib/errors/app-error";
import type { ConversationStatus, Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { type AuditRecord, appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { appendStandaloneAuditEvents } from "@/lib/server/audit/append-standalone-audit-events";
import { publishRealtime, type RealtimeEventInput } from "@/lib/server/realtime/publish";
import { saveTransition } from "@/lib/server/repositories/pending-action-repository";
import { solveOnResolution } from "@/lib/server/services/conversations/set-workflow-status";

/*
 * One database transaction per change of a pending action. Audit events and realtime
 * notifications are collected while the transaction works and written at its end, so the audit
 * chain's lock is taken last (after every row lock) and held only briefly.
 */

export class ActionChanges {
  readonly audit: AuditRecord[] = [];
  readonly realtime: RealtimeEventInput[] = [];
}

/** Thrown inside a transaction when the domain refuses a move; its audit events outlive the rollback. */
export class TransitionRefusedError extends Error {
  override name = "TransitionRefusedError";
  constructor(
    readonly code: TransitionErrorCode,
    message: string,
    readonly auditEvents: AuditRecord[],
  ) {
    super(message);
  }
}

const REFUSAL_STATUS: Record<TransitionErrorCode, ErrorCode> = {
  ILLEGAL_TRANSITION: "CONFLICT",
  QUOTE_HASH_MISMATCH: "CONFLICT",
  NOT_PRESENTED: "CONFLICT",
  EXPIRED: "CONFLICT",
  NOT_EXPIRED: "CONFLICT",
  ALREADY_DECIDED: "ALREADY_DECIDED",
  ACTOR_NOT_ALLOWED: "FORBIDDEN",
  WRONG_CUSTOMER: "FORBIDDEN",
  WRONG_CONVERSATION: "FORBIDDEN",
  NOT_APPROVER: "FORBIDDEN",
  SELF_APPROVAL: "FORBIDDEN",
  NOTE_REQUIRED: "VALIDATION_FAILED",
  INVALID_EVENT: "VALIDATION_FAILED",
};

function refusalToAppError(error: TransitionRefusedError): AppError {
  return new AppError(REFUSAL_STATUS[error.code], error.message, {
    extensions: { reason: error.code },
    cause: error,
  });
}

/**
 * Prisma's defaults (2 s to get a connection, 5 s to finish) turn a burst of approvals, which
 * queue on the audit chain's lock, into spurious 500s; waiting a little longer is the right call.
 */
export const TRANSACTION_LIMITS = { maxWait: 10_000, timeout: 20_000 } as const;

export async function inActionTransaction<T>(
  db: PrismaClient,
  work: (tx: Prisma.TransactionClient, changes: ActionChanges) => Promise<T>,
): Promise<T> {
  try {
    return await db.$transaction(async (tx) => {
      const changes = new ActionChanges();
      const result = await work(tx, changes);
      for (const event of changes.realtime) await publishRealtime(tx, event);
      await appendAuditEvents(tx, changes.audit);
      return result;
    }, TRANSACTION_LIMITS);
  } catch (error) {
    if (!(error instanceof TransitionRefusedError)) throw error;
    // The refused attempt is evidence (a late confirmation, a second approval): keep it. It
    // changes nothing else, so it needs no transaction, and a burst of refusals shares INSERTs.
    await appendStandaloneAuditEvents(db, error.auditEvents);
    throw refusalToAppError(error);
  }
}

const CONVERSATION_STATUS: Partial<Record<PendingActionState["status"], ConversationStatus>> = {
  awaiting_confirmation: "waiting_on_customer",
  suspended: "waiting_on_customer",
  awaiting_approval: "needs_approval",
  approved: "agent_working",
  executing: "agent_working",
  executed: "resolved",
  needs_reconciliation: "needs_reconciliation",
  failed: "failed",
  declined: "agent_working",
  rejected: "agent_working",
  expired: "agent_working",
};

export type CommitOptions = {
  extra?: Parameters<typeof saveTransition>[3];
  /** A superseded action no longer speaks for its conversation; the new action does. */
  updateConversation?: boolean;
};

/**
 * Applies a domain event and stores the result, or throws the domain's refusal. The write is
 * conditional on the status that was read, so a concurrent mover makes this a CONFLICT.
 */
export async function commitTransition(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  action: PendingActionState,
  event: PendingActionEvent,
  context: TransitionContext,
  options: CommitOptions = {},
): Promise<PendingActionState> {
  const result = transition(action, event, context);
  if (!result.ok) {
    throw new TransitionRefusedError(
      result.error.code,
      result.error.message,
      result.auditEvents.map((event) => ({ ...event, conversationId: action.conversationId })),
    );
  }
  const next = result.action;
  if (!(await saveTransition(tx, action, next, options.extra))) {
    throw new AppError("CONFLICT", "The refund changed while this request was handled; reload it", {
      extensions: { reason: "CONCURRENT_CHANGE" },
    });
  }
  const conversationStatus = CONVERSATION_STATUS[next.status];
  if (
    options.updateConversation !== false &&
    conversationStatus &&
    !(await hasNewerAction(tx, next))
  ) {
    await tx.conversation.update({
      where: { id: next.conversationId },
      data: {
        status: conversationStatus,
        ...(next.status === "executed" ? { resolvedAt: context.now } : {}),
      },
    });
    if (conversationStatus === "resolved") {
      await solveOnResolution(tx, next.conversationId, context);
    }
  }
  if (options.updateConversation !== false) await refreshAmountAtStake(tx, next.conversationId);
  changes.audit.push(
    ...result.auditEvents.map((event) => ({ ...event, conversationId: next.conversationId })),
  );
  changes.realtime.push({
    topic: "pending_action.changed",
    conversationId: next.conversationId,
    payload: { actionId: next.id, from: action.status, to: next.status },
  });
  return next;
}

/** An older action settling late (reconciliation) must not overwrite what a newer one shows. */
async function hasNewerAction(
  tx: Prisma.TransactionClient,
  action: PendingActionState,
): Promise<boolean> {
  const newer = await tx.pendingAction.count({
    where: {
      conversationId: action.conversationId,
      id: { not: action.id },
      createdAt: { gt: action.createdAt },
    },
  });
  return newer > 0;
}

/** The conversation's "at stake" from all its actions, as they stand in this transaction. */
async function refreshAmountAtStake(
  tx: Prisma.TransactionClient,
  conversationId: string,
): Promise<void> {
  const actions = await tx.pendingAction.findMany({
    where: { conversationId },
    select: { status: true, netRefundCents: true, createdAt: true },
  });
  await tx.conversation.update({
    where: { id: conversationId },
    data: { amountAtStakeCents: amountAtStake(actions) },
  });
}
