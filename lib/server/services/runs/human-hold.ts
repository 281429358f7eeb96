import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

/*
 * The one check behind "Take over": while a person owns a conversation no agent run is queued
 * or started for it. Customer messages still arrive and are classified; the AI answers again
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
