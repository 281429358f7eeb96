import "server-only";
import { z } from "zod";
import { canEditSavedReply, type SavedReplyViewer } from "@/lib/domain/saved-reply-access";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { chosenStaffWorkspaceId } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { savedReplyActor } from "./saved-reply-actor";
import { requireTemplate, savedReplyFieldsSchema } from "./saved-reply-fields";
import { type SavedReplyView, toSavedReplyView } from "./saved-reply-view";

export const createSavedReplySchema = savedReplyFieldsSchema.extend({
  shared: z.boolean(),
  /** Which shop's team it is for; may be left out by someone who works for one shop only. */
  workspaceId: z.string().min(1).max(100).optional(),
});

export async function createSavedReply(
  input: { viewer: SavedReplyViewer } & z.infer<typeof createSavedReplySchema>,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<SavedReplyView> {
  const { viewer } = input;
  const ownerId = input.shared ? null : viewer.id;
  if (!canEditSavedReply({ ownerId }, viewer)) {
    throw new AppError("FORBIDDEN", "Only an admin can write replies shared with the team.");
  }
  requireTemplate(input.body);
  const now = context.now();
  const workspaceId = await chosenStaffWorkspaceId(context.db, {
    staffUserId: viewer.id,
    workspaceId: input.workspaceId,
  });
  return context.db.$transaction(async (tx) => {
    const row = await tx.savedReply.create({
      data: {
        workspaceId,
        title: input.title,
        body: input.body,
        ownerId,
        createdById: viewer.id,
        updatedById: viewer.id,
      },
    });
    await appendAuditEvents(tx, [
      {
        kind: "saved_reply.created",
        subjectType: "saved_reply",
        subjectId: row.id,
        actor: savedReplyActor(viewer),
        occurredAt: now,
        payload: { workspaceId, title: row.title, shared: ownerId === null },
      },
    ]);
    return toSavedReplyView(row, viewer);
  });
}
