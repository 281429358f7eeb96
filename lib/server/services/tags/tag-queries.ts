import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";

export type TagView = { id: string; name: string; color: string | null };

const tagSelect = { id: true, name: true, color: true } as const;

/** The ticket's workspace, if the staff user works in it; otherwise "no such ticket". */
export async function findTicketWorkspaceId(
  db: Pick<Prisma.TransactionClient, "conversation">,
  input: { conversationId: string; staffUserId: string },
): Promise<string> {
  const conversation = await db.conversation.findFirst({
    where: {
      id: input.conversationId,
      customer: { workspace: { members: { some: { staffUserId: input.staffUserId } } } },
    },
    select: { customer: { select: { workspaceId: true } } },
  });
  if (!conversation) throw new AppError("NOT_FOUND", "No such ticket");
  return conversation.customer.workspaceId;
}

/** The conversation's tags by name. */
export async function findConversationTags(
  db: Pick<Prisma.TransactionClient, "tag">,
  conversationId: string,
): Promise<TagView[]> {
  return db.tag.findMany({
    where: { conversations: { some: { conversationId } } },
    orderBy: { key: "asc" },
    select: tagSelect,
  });
}

/** Every tag of the workspace by name, for the tag editor's suggestions. */
export async function findWorkspaceTags(
  db: Pick<Prisma.TransactionClient, "tag">,
  workspaceIds: string[],
): Promise<TagView[]> {
  return db.tag.findMany({
    where: { workspaceId: { in: workspaceIds } },
    orderBy: { key: "asc" },
    take: 500,
    select: tagSelect,
  });
}
