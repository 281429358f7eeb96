import "server-only";
import type { z } from "zod";
import type { SavedReplyViewer } from "@/lib/domain/saved-reply-access";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { findEditableSavedReply } from "./find-saved-reply";
import { savedReplyActor } from "./saved-reply-actor";
import { requireTemplate, savedReplyFieldsSchema } from "./saved-reply-fields";
import { type SavedReplyView, toSavedReplyView } from "./saved-reply-view";

export const updateSavedReplySchema = savedReplyFieldsSchema;

export async function updateSavedReply(
  input: { replyId: string; viewer: SavedReplyViewer } & z.infer<typeof updateSavedReplySchema>,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<SavedReplyView> {
  const { viewer } = input;
  requireTemplate(input.body);
  const now = context.now();
  return context.db.$transaction(async (tx) => {
    const existing = await findEditableSavedReply(tx, { replyId: input.replyId, viewer });
    if (existing.title === input.title && existing.body === input.body) {
      return toSavedReplyView(existing, viewer);
    }
    const row = await tx.savedReply.update({
      where: { id: existing.id },
      data: { title: input.title, body: input.body, updatedById: viewer.id },
    });
    await appendAuditEvents(tx, [
      {
        kind: "saved_reply.updated",
        subjectType: "saved_reply",
        subjectId: row.id,
        actor: savedReplyActor(viewer),
        occurredAt: now,
        payload: { workspaceId: row.workspaceId, title: row.title, shared: row.ownerId === null },
      },
    ]);
    return toSavedReplyView(row, viewer);
  });
}
