import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  soleWorkspaceId,
  staffWorkspaceIds,
} from "@/lib/server/services/workspaces/staff-workspaces";

type Reader = Pick<Prisma.TransactionClient, "workspace" | "workspaceMember">;

/**
 * Whose policy a staff member tries: the workspace they name, if they are a member of it (another
 * shop's requests do not exist for them), or else their one workspace.
 */
export async function dryRunWorkspaceId(
  db: Reader,
  input: { staffUserId: string; workspaceId?: string | undefined },
): Promise<string> {
  if (input.workspaceId === undefined) {
    return soleWorkspaceId(db, { staffUserId: input.staffUserId });
  }
  const member = await staffWorkspaceIds(db, input.staffUserId);
  if (!member.includes(input.workspaceId)) throw new AppError("NOT_FOUND", "No such workspace");
  return input.workspaceId;
}
