import "server-only";
import { canEditSavedReply, type SavedReplyViewer } from "@/lib/domain/saved-reply-access";

export type SavedReplyView = {
  id: string;
  title: string;
  body: string;
  shared: boolean;
  canEdit: boolean;
  updatedAt: string;
};

export function toSavedReplyView(
  row: { id: string; title: string; body: string; ownerId: string | null; updatedAt: Date },
  viewer: SavedReplyViewer,
): SavedReplyView {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    shared: row.ownerId === null,
    canEdit: canEditSavedReply(row, viewer),
    updatedAt: row.updatedAt.toISOString(),
  };
}
