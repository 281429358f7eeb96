import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { type AttachmentView, attachmentViewSelect, toAttachmentView } from "./attachment-view";

export type { AttachmentView } from "./attachment-view";

/** The photos customers sent in each of these conversations, oldest first, by conversation. */
export async function findConversationPhotos(
  db: Pick<PrismaClient, "attachment">,
  conversationIds: readonly string[],
): Promise<Map<string, AttachmentView[]>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db.attachment.findMany({
    where: { conversationId: { in: [...conversationIds] }, storedMime: { startsWith: "image/" } },
    select: { ...attachmentViewSelect, conversationId: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const byConversation = new Map<string, AttachmentView[]>();
  for (const row of rows) {
    const list = byConversation.get(row.conversationId) ?? [];
    list.push(toAttachmentView(row, "staff"));
    byConversation.set(row.conversationId, list);
  }
  return byConversation;
}
