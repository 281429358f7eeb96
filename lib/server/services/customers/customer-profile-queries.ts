import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

const profileInclude = {
  conversations: {
    orderBy: [{ lastMessageAt: "desc" }, { id: "desc" }],
    take: 100,
    select: {
      id: true,
      subject: true,
      channel: true,
      status: true,
      workflowStatus: true,
      lastMessageAt: true,
      amountAtStakeCents: true,
      currency: true,
    },
  },
  orders: {
    orderBy: [{ placedAt: "desc" }, { id: "desc" }],
    include: {
      lines: {
        orderBy: { position: "asc" },
        include: { refundLines: { select: { quantity: true, amountCents: true, refundId: true } } },
      },
    },
  },
  refunds: {
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: {
      order: { select: { number: true } },
      lines: { include: { orderLine: { select: { name: true } } } },
      pendingAction: { select: { conversationId: true } },
    },
  },
  disputes: { orderBy: [{ createdAt: "desc" }, { id: "desc" }] },
  charges: { orderBy: [{ chargedAt: "desc" }, { id: "desc" }] },
} as const satisfies Prisma.CustomerInclude;

export type CustomerProfileRow = Prisma.CustomerGetPayload<{ include: typeof profileInclude }>;

/** A customer of one of `workspaceIds` with everything staff look up about them, in one read. */
export async function findCustomerProfile(
  db: PrismaClient,
  { customerId, workspaceIds }: { customerId: string; workspaceIds: string[] },
): Promise<CustomerProfileRow | null> {
  return db.customer.findUnique({
    where: { id: customerId, workspaceId: { in: workspaceIds } },
    include: profileInclude,
  });
}
