import { can, type Role } from "./authz";

export type SavedReplyOwnership = { ownerId: string | null };
export type SavedReplyViewer = { id: string; role: Role };

/** A shared reply (no owner) is the whole team's; a personal one is its owner's alone. */
export function canSeeSavedReply(reply: SavedReplyOwnership, viewer: SavedReplyViewer): boolean {
  return reply.ownerId === null || reply.ownerId === viewer.id;
}

/*
 * Anyone may keep personal replies. A shared reply speaks for the team to every customer, so
 * writing, changing or archiving one takes `replies.share` (admins).
 */
export function canEditSavedReply(reply: SavedReplyOwnership, viewer: SavedReplyViewer): boolean {
  if (reply.ownerId === null) return can([viewer.role], "replies.share");
  return reply.ownerId === viewer.id;
}
