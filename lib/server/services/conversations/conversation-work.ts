import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";

export type LockedConversation = Prisma.ConversationGetPayload<object>;

/** Locks the conversation row so two people changing one ticket take turns. */
export async function lockConversation(
  tx: Prisma.TransactionClient,
  conversationId: string,
): Promise<LockedConversation> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM conversations WHERE id = ${conversationId} FOR UPDATE`;
  if (locked.length === 0) throw new AppError("NOT_FOUND", "No such ticket");
  return tx.conversation.findUniqueOrThrow({ where: { id: conversationId } });
}

export function staffActorOf(staff: { id: string; role: "agent" | "approver" | "admin" }): Actor {
  return { type: "staff", userId: staff.id, roles: [staff.role] };
}
