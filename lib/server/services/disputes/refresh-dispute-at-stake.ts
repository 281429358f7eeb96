import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/*
 * What a conversation's disputes put at stake is the sum of those still unresolved (story 7:
 * $119.98 + $12.50 = $132.48), not the last one opened. Null once none is left.
 */
export async function refreshDisputeAtStake(
  tx: Prisma.TransactionClient,
  conversationId: string,
): Promise<void> {
  const open = await tx.disputeTicket.aggregate({
    where: { conversationId, status: { not: "resolved" } },
    _sum: { amountCents: true },
  });
  await tx.conversation.update({
    where: { id: conversationId },
    data: { amountAtStakeCents: open._sum.amountCents ?? null },
  });
}
