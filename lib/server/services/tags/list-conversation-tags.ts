import "server-only";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import {
  findConversationTags,
  findTicketWorkspaceId,
  findWorkspaceTags,
  type TagView,
} from "./tag-queries";

export type ConversationTags = { tags: TagView[]; workspaceTags: TagView[] };

/** A ticket's tags, with the workspace's others to suggest. */
export async function listConversationTags(
  input: { conversationId: string; staffUserId: string },
  context: Pick<UseCaseContext, "db">,
): Promise<ConversationTags> {
  const { db } = context;
  const workspaceId = await findTicketWorkspaceId(db, input);
  const [tags, workspaceTags] = await Promise.all([
    findConversationTags(db, input.conversationId),
    findWorkspaceTags(db, [workspaceId]),
  ]);
  return { tags, workspaceTags };
}
