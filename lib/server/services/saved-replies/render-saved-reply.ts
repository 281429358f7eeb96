import "server-only";
import { z } from "zod";
import type { SavedReplyViewer } from "@/lib/domain/saved-reply-access";
import { renderSavedReply } from "@/lib/domain/saved-reply-render";
import {
  parseTemplate,
  SAVED_REPLY_VARIABLE_DESCRIPTIONS,
  type SavedReplyVariable,
} from "@/lib/domain/saved-reply-template";
import { AppError } from "@/lib/errors/app-error";
import { requireConversationInStaffWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { findVisibleSavedReply } from "./find-saved-reply";
import { loadSavedReplyFacts } from "./load-saved-reply-facts";

export const renderSavedReplySchema = z.object({ conversationId: z.string().min(1).max(100) });

export type RenderedSavedReply =
  | { status: "rendered"; text: string }
  | { status: "missing"; missing: { name: SavedReplyVariable; description: string }[] };

/*
 * A saved reply filled in from one ticket's records, for the composer: the person edits and sends
 * it the usual way. A use is counted when the text is handed out, in the same transaction; a
 * reply the ticket cannot fill (no open quote, no order) hands out nothing and is not counted.
 */
export async function renderSavedReplyForConversation(
  input: { replyId: string; conversationId: string; viewer: SavedReplyViewer },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<RenderedSavedReply> {
  const { viewer } = input;
  await requireConversationInStaffWorkspaces(context.db, {
    conversationId: input.conversationId,
    staffUserId: viewer.id,
  });
  const now = context.now();
  return context.db.$transaction(async (tx) => {
    const reply = await findVisibleSavedReply(tx, { replyId: input.replyId, viewer });
    const facts = await loadSavedReplyFacts(tx, {
      conversationId: input.conversationId,
      staffUserId: viewer.id,
    });
    if (facts.workspaceId !== reply.workspaceId) {
      throw new AppError("NOT_FOUND", "No such saved reply for this ticket's shop.");
    }
    const parsed = parseTemplate(reply.body);
    if (!parsed.ok)
      throw new AppError("CONFLICT", "The saved reply no longer reads as a template.");
    const rendered = renderSavedReply(parsed.segments, facts);
    if (!rendered.ok) {
      return {
        status: "missing",
        missing: rendered.missing.map((name) => ({
          name,
          description: SAVED_REPLY_VARIABLE_DESCRIPTIONS[name],
        })),
      };
    }
    await tx.savedReplyUse.create({
      data: {
        savedReplyId: reply.id,
        conversationId: input.conversationId,
        staffUserId: viewer.id,
        usedAt: now,
      },
    });
    return { status: "rendered", text: rendered.text };
  });
}
