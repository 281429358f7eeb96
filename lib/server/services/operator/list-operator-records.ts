import "server-only";
import type { UseCaseContext } from "@/lib/server/use-case-context";

/*
 * Plain listings for the operator CLI (and scripts built on it): recent runs, refunds whose
 * payment outcome is unknown, and the email outbox. Newest first, bounded.
 */

export async function listRuns(
  filter: { conversationId?: string; limit?: number },
  context: Pick<UseCaseContext, "db">,
) {
  const runs = await context.db.run.findMany({
    where: filter.conversationId ? { conversationId: filter.conversationId } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: filter.limit ?? 50,
  });
  return runs.map((run) => ({
    runId: run.id,
    conversationId: run.conversationId,
    status: run.status,
    provider: run.provider,
    model: run.model,
    steps: run.stepCount,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
    costMicroUsd: run.costMicroUsd,
    error: run.error,
    createdAt: run.createdAt.toISOString(),
  }));
}

export async function listReconciliations(
  _input: Record<string, never>,
  context: Pick<UseCaseContext, "db">,
) {
  const actions = await context.db.pendingAction.findMany({
    where: { status: "needs_reconciliation" },
    orderBy: { updatedAt: "asc" },
    include: { customer: { select: { email: true } }, order: { select: { number: true } } },
    take: 200,
  });
  return actions.map((action) => ({
    actionId: action.id,
    conversationId: action.conversationId,
    customer: action.customer.email,
    orderNumber: action.order.number,
    netRefundCents: action.netRefundCents,
    currency: action.currency,
    idempotencyKey: action.idempotencyKey,
    detail: action.failureReason,
    since: action.updatedAt.toISOString(),
  }));
}

export async function listOutbox(
  filter: { status?: "pending" | "sending" | "sent" | "failed"; limit?: number },
  context: Pick<UseCaseContext, "db">,
) {
  const emails = await context.db.outboxEmail.findMany({
    where: filter.status ? { status: filter.status } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: filter.limit ?? 50,
  });
  return emails.map((email) => ({
    id: email.id,
    conversationId: email.conversationId,
    to: email.toAddress,
    subject: email.subject,
    status: email.status,
    attempts: email.attempts,
    messageId: email.messageId,
    lastError: email.lastError,
    createdAt: email.createdAt.toISOString(),
    sentAt: email.sentAt?.toISOString() ?? null,
  }));
}
