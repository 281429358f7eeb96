import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

/*
 * The rows behind the work queues. Each queue holds what still needs a person: a conversation
 * code handed to a person and nobody has taken yet, an approval not yet decided, a dispute not yet
 * resolved, a failed refund on a ticket nobody has solved (refused before money moved, or failed or
 * canceled at the provider after it accepted it, even after paying), and a payment whose outcome
 * is unknown.
 */

export const needsPersonWhere = {
  needsPersonKind: { not: null },
} as const satisfies Prisma.ConversationWhereInput;
export const approvalWhere = {
  status: "awaiting_approval",
} as const satisfies Prisma.PendingActionWhereInput;
export const openDisputeWhere = {
  status: { not: "resolved" },
} as const satisfies Prisma.DisputeTicketWhereInput;
export const failedRefundWhere: Prisma.PendingActionWhereInput = {
  conversation: { workflowStatus: { not: "solved" } },
  OR: [
    { status: "failed" },
    { status: "executed", refund: { status: { in: ["failed", "canceled"] } } },
  ],
};
export const reconciliationWhere = {
  status: "needs_reconciliation",
} as const satisfies Prisma.PendingActionWhereInput;

/** The customers of these workspaces: every queue holds only the viewer's workspaces' items. */
export function inWorkspaces(workspaceIds: string[]) {
  return { customer: { workspaceId: { in: workspaceIds } } } as const;
}

export async function countWorkQueues(db: PrismaClient, workspaceIds: string[]) {
  const scoped = inWorkspaces(workspaceIds);
  const [needsPerson, needsApproval, disputes, failedRefunds, needsReconciliation] =
    await Promise.all([
      db.conversation.count({ where: { ...needsPersonWhere, ...scoped } }),
      db.pendingAction.count({ where: { ...approvalWhere, ...scoped } }),
      db.disputeTicket.count({ where: { ...openDisputeWhere, ...scoped } }),
      db.pendingAction.count({ where: { ...failedRefundWhere, ...scoped } }),
      db.pendingAction.count({ where: { ...reconciliationWhere, ...scoped } }),
    ]);
  return { needsPerson, needsApproval, disputes, failedRefunds, needsReconciliation };
}

const queueActionSelect = {
  id: true,
  status: true,
  netRefundCents: true,
  currency: true,
  failureReason: true,
  idempotencyKey: true,
  updatedAt: true,
  order: { select: { number: true } },
  customer: { select: { id: true, name: true, email: true } },
  conversation: { select: { id: true, subject: true, channel: true } },
  refund: { select: { status: true, statusReason: true, provider: true, paidAt: true } },
} as const satisfies Prisma.PendingActionSelect;

export type QueueActionRow = Prisma.PendingActionGetPayload<{ select: typeof queueActionSelect }>;

export async function listQueueActions(
  db: PrismaClient,
  where: Prisma.PendingActionWhereInput,
  limit: number,
): Promise<QueueActionRow[]> {
  return db.pendingAction.findMany({
    where,
    select: queueActionSelect,
    orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
    take: limit,
  });
}

const queueDisputeSelect = {
  id: true,
  status: true,
  category: true,
  impact: true,
  amountCents: true,
  currency: true,
  chargeReferences: true,
  summary: true,
  createdAt: true,
  customer: { select: { id: true, name: true, email: true } },
  conversation: { select: { id: true, subject: true, channel: true } },
} as const satisfies Prisma.DisputeTicketSelect;

export type QueueDisputeRow = Prisma.DisputeTicketGetPayload<{ select: typeof queueDisputeSelect }>;

export async function listQueueDisputes(
  db: PrismaClient,
  where: Prisma.DisputeTicketWhereInput,
  limit: number,
): Promise<QueueDisputeRow[]> {
  return db.disputeTicket.findMany({
    where,
    select: queueDisputeSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
  });
}

const queueConversationSelect = {
  id: true,
  subject: true,
  channel: true,
  needsPersonKind: true,
  needsPersonReason: true,
  needsPersonSince: true,
  customer: { select: { id: true, name: true, email: true } },
} as const satisfies Prisma.ConversationSelect;

export type QueueConversationRow = Prisma.ConversationGetPayload<{
  select: typeof queueConversationSelect;
}>;

/** Flagged conversations of these workspaces, the longest wait first. */
export async function listQueueConversations(
  db: PrismaClient,
  workspaceIds: string[],
  limit: number,
): Promise<QueueConversationRow[]> {
  return db.conversation.findMany({
    where: { ...needsPersonWhere, ...inWorkspaces(workspaceIds) },
    select: queueConversationSelect,
    orderBy: [{ needsPersonSince: "asc" }, { id: "asc" }],
    take: limit,
  });
}
