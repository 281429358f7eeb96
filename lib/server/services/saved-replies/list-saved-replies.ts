import "server-only";
import type { SavedReplyViewer } from "@/lib/domain/saved-reply-access";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { type SavedReplyView, toSavedReplyView } from "./saved-reply-view";

/**
 * The team's shared replies and the viewer's own, of the viewer's workspaces (or of the one whose
 * ticket they are answering), by title.
 */
export async function listSavedReplies(
  input: { viewer: SavedReplyViewer; conversationId?: string | undefined },
  context: Pick<UseCaseContext, "db">,
): Promise<{ replies: SavedReplyView[] }> {
  const { viewer } = input;
  const rows = await context.db.savedReply.findMany({
    where: {
      archivedAt: null,
      workspace: {
        members: { some: { staffUserId: viewer.id } },
        ...(input.conversationId && {
          customers: { some: { conversations: { some: { id: input.conversationId } } } },
        }),
      },
      OR: [{ ownerId: null }, { ownerId: viewer.id }],
    },
    include: { workspace: { select: { name: true } } },
    orderBy: [{ title: "asc" }, { id: "asc" }],
  });
  return { replies: rows.map((row) => toSavedReplyView(row, viewer)) };
}
