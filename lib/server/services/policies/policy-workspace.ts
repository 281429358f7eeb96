import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  soleWorkspaceId,
  staffWorkspaceIds,
} from "@/lib/server/services/workspaces/staff-workspaces";

/**
 * The workspace whose policy a staff member reads or edits: the one they name, if they are a
 * member of it, else their one workspace. Another shop's policy does not exist for them.
 */
export async function policyWorkspaceId(
  db: PrismaClient,
  input: { staffUserId: string; workspaceId?: string | undefined },
): Promise<string> {
  if (input.workspaceId === undefined) {
    return soleWorkspaceId(db, { staffUserId: input.staffUserId });
  }
  const memberOf = await staffWorkspaceIds(db, input.staffUserId);
  if (!memberOf.includes(input.workspaceId)) throw new AppError("NOT_FOUND", "No such workspace");
  return input.workspaceId;
}
