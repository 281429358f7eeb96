import "server-only";
import {
  canEditSavedReply,
  canSeeSavedReply,
  type SavedReplyViewer,
} from "@/lib/domain/saved-reply-access";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";

type SavedReplyRow = Prisma.SavedReplyGetPayload<object>;

/*
 * A live reply of one of the viewer's workspaces that the viewer may see. Somebody else's
 * personal reply does not exist for them (404), as another workspace's ticket does not.
 */
export async function findVisibleSavedReply(
  db: Pick<Prisma.TransactionClient, "savedReply">,
  input: { replyId: string; viewer: SavedReplyViewer },
): Promise<SavedReplyRow> {
  const row = await db.savedReply.findFirst({
    where: {
      id: input.replyId,
      archivedAt: null,
      workspace: { members: { some: { staffUserId: input.viewer.id } } },
    },
  });
  if (!row || !canSeeSavedReply(row, input.viewer)) {
    throw new AppError("NOT_FOUND", "No such saved reply.");
  }
  return row;
}

/** The same, for changing it: a shared reply someone may read but not edit is a 403. */
export async function findEditableSavedReply(
  tx: Prisma.TransactionClient,
  input: { replyId: string; viewer: SavedReplyViewer },
): Promise<SavedReplyRow> {
  await tx.$queryRaw`SELECT id FROM saved_replies WHERE id = ${input.replyId} FOR UPDATE`;
  const row = await findVisibleSavedReply(tx, input);
  if (!canEditSavedReply(row, input.viewer)) {
    throw new AppError("FORBIDDEN", "Only an admin can change the team's shared replies.");
  }
  return row;
}
