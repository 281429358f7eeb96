import "server-only";
import { canEditSavedReply, type SavedReplyViewer } from "@/lib/domain/saved-reply-access";

export type SavedReplyView = {
  id: string;
  title: string;
  body: string;
  shared: boolean;
  /** The shop whose team it is for. */
  workspaceName: string | null;
  canEdit: boolean;
  updatedAt: string;
};

export function toSavedReplyView(
  row: {
    id: string;
    title: string;
    body: string;
    ownerId: string | null;
    updatedAt: Date;
    workspace?: { name: string };
  },
  viewer: SavedReplyViewer,
): SavedReplyView {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    shared: row.ownerId === null,
    workspaceName: row.workspace?.name ?? null,
    canEdit: canEditSavedReply(row, viewer),
    updatedAt: row.updatedAt.toISOString(),
  };
}
