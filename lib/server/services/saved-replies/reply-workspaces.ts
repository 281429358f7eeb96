import "server-only";
import { staffWorkspaceIds } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type ReplyWorkspace = { id: string; name: string };

/** The shops a staff member may write replies for, the one they joined first first. */
export async function replyWorkspaces(
  staffUserId: string,
  context: Pick<UseCaseContext, "db">,
): Promise<ReplyWorkspace[]> {
  const ids = await staffWorkspaceIds(context.db, staffUserId);
  const rows = await context.db.workspace.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true },
  });
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}
