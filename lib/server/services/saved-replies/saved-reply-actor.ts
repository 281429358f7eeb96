import "server-only";
import type { Actor } from "@/lib/domain/actor";
import type { SavedReplyViewer } from "@/lib/domain/saved-reply-access";

/** Who wrote a change to a saved reply, as the audit log records a staff member. */
export function savedReplyActor(viewer: SavedReplyViewer): Extract<Actor, { type: "staff" }> {
  return { type: "staff", userId: viewer.id, roles: [viewer.role] };
}
