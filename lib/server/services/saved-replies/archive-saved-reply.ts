import "server-only";
import type { SavedReplyViewer } from "@/lib/domain/saved-reply-access";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { findEditableSavedReply } from "./find-saved-reply";
import { savedReplyActor } from "./saved-reply-actor";

/** Archived replies are no longer offered; their uses stay counted in Insights. */
export async function archiveSavedReply(
  input: { replyId: string; viewer: SavedReplyViewer },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<void> {
  const now = context.now();
  await context.db.$transaction(async (tx) => {
    const row = await findEditableSavedReply(tx, input);
    await tx.savedReply.update({
      where: { id: row.id },
      data: { archivedAt: now, archivedById: input.viewer.id },
    });
    await appendAuditEvents(tx, [
      {
        kind: "saved_reply.archived",
        subjectType: "saved_reply",
        subjectId: row.id,
        actor: savedReplyActor(input.viewer),
        occurredAt: now,
        payload: { workspaceId: row.workspaceId, title: row.title, shared: row.ownerId === null },
      },
    ]);
  });
}
