import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

/*
 * The check behind "Take over" when a run starts: while a person owns a conversation no agent
 * run is started for it (queueRun reads the same column with the other holds, and queues none). Customer messages still arrive and are classified; the AI answers again
 * only after "Hand back to AI".
 */
export async function isHeldByHuman(
  db: PrismaClient | Prisma.TransactionClient,
  conversationId: string,
): Promise<boolean> {
  const conversation = await db.conversation.findUnique({
    where: { id: conversationId },
    select: { humanOwnerId: true },
  });
  return conversation?.humanOwnerId != null;
}
