import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Reader = PrismaClient | Prisma.TransactionClient;

const queueInclude = {
  customer: { select: { id: true, name: true, email: true, createdAt: true, workspaceId: true } },
  conversation: {
    select: {
      id: true,
      subject: true,
      channel: true,
      messages: {
        where: { authorKind: "customer" },
        select: { body: true },
        orderBy: { createdAt: "asc" },
      },
    },
  },
} as const satisfies Prisma.PendingActionInclude;

export type ApprovalQueueRow = Prisma.PendingActionGetPayload<{ include: typeof queueInclude }>;

/**
 * Actions waiting for a countersignature on the customers of `workspaceIds`, oldest first: the
 * longest wait is served first.
 */
export async function findAwaitingApproval(
  db: Reader,
  { workspaceIds, limit }: { workspaceIds: string[]; limit: number },
): Promise<ApprovalQueueRow[]> {
  return db.pendingAction.findMany({
    where: { status: "awaiting_approval", customer: { workspaceId: { in: workspaceIds } } },
    include: queueInclude,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
  });
}

/** Refunds already paid to each customer, for the "earlier refunds" risk signal. */
export async function summarizeRefundsByCustomer(
  db: Reader,
  customerIds: readonly string[],
): Promise<Map<string, { count: number; totalCents: number }>> {
  if (customerIds.length === 0) return new Map();
  const groups = await db.refund.groupBy({
    by: ["customerId"],
    where: { customerId: { in: [...customerIds] }, status: { notIn: ["failed", "canceled"] } },
    _count: { _all: true },
    _sum: { amountCents: true },
  });
  return new Map(
    groups.map((group) => [
      group.customerId,
      { count: group._count._all, totalCents: group._sum.amountCents ?? 0 },
    ]),
  );
}

const approvedRefundSelect = {
  createdAt: true,
  decider: { select: { name: true } },
  pendingAction: {
    select: {
      id: true,
      conversationId: true,
      quote: true,
      refund: {
        select: {
          amountCents: true,
          currency: true,
          target: true,
          status: true,
          statusReason: true,
          provider: true,
          paidAt: true,
        },
      },
    },
  },
} as const satisfies Prisma.ApprovalDecisionSelect;

export type ApprovedRefundRow = Prisma.ApprovalDecisionGetPayload<{
  select: typeof approvedRefundSelect;
}>;

/**
 * Approvals since a moment whose refund the provider accepted, on the customers of
 * `workspaceIds`, newest first.
 */
export async function findApprovedRefunds(
  db: Reader,
  params: { since: Date; limit: number; workspaceIds: string[] },
): Promise<ApprovedRefundRow[]> {
  return db.approvalDecision.findMany({
    where: {
      decision: "approved",
      createdAt: { gte: params.since },
      pendingAction: {
        refund: { isNot: null },
        customer: { workspaceId: { in: params.workspaceIds } },
      },
    },
    select: approvedRefundSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: params.limit,
  });
}
