import "server-only";
import type { SavedReplyViewer } from "@/lib/domain/saved-reply-access";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { type SavedReplyView, toSavedReplyView } from "./saved-reply-view";

/** The team's shared replies and the viewer's own, of the viewer's workspaces, by title. */
export async function listSavedReplies(
  viewer: SavedReplyViewer,
  context: Pick<UseCaseContext, "db">,
): Promise<{ replies: SavedReplyView[] }> {
  const rows = await context.db.savedReply.findMany({
    where: {
      archivedAt: null,
      workspace: { members: { some: { staffUserId: viewer.id } } },
      OR: [{ ownerId: null }, { ownerId: viewer.id }],
    },
    orderBy: [{ title: "asc" }, { id: "asc" }],
  });
  return { replies: rows.map((row) => toSavedReplyView(row, viewer)) };
}
