import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { requireConversationInStaffWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";

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

export type TicketStaff = { id: string; role: "agent" | "approver" | "admin" };

/**
 * A staff member's change to one ticket: refused (NOT_FOUND) unless the ticket is in their
 * workspaces, then made in one transaction with the ticket's row locked.
 */
export async function changeTicket<T>(
  db: PrismaClient,
  input: { conversationId: string; staff: TicketStaff },
  change: (tx: Prisma.TransactionClient, ticket: LockedConversation) => Promise<T>,
): Promise<T> {
  await requireConversationInStaffWorkspaces(db, {
    conversationId: input.conversationId,
    staffUserId: input.staff.id,
  });
  return db.$transaction(async (tx) =>
    change(tx, await lockConversation(tx, input.conversationId)),
  );
}

export function staffActorOf(staff: { id: string; role: "agent" | "approver" | "admin" }): Actor {
  return { type: "staff", userId: staff.id, roles: [staff.role] };
}
