import "server-only";
import { staffWorkspaceIds } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { findWorkspaceTags, type TagView } from "./tag-queries";

/** The tags of the staff user's workspaces, by name: what the inbox's tag filter suggests. */
export async function listWorkspaceTags(
  input: { staffUserId: string },
  context: Pick<UseCaseContext, "db">,
): Promise<TagView[]> {
  return findWorkspaceTags(context.db, await staffWorkspaceIds(context.db, input.staffUserId));
}
