import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  soleWorkspaceId,
  staffWorkspaceIds,
} from "@/lib/server/services/workspaces/staff-workspaces";

/**
 * The workspace whose policy a staff member reads or changes: the one they name, if they are a
 * member of it (another shop's policy does not exist for them). Unnamed, reading shows their
 * first workspace, as the policy page does; a change needs their one workspace, since with
 * several it is not ours to guess which shop's terms they meant.
 */
export async function policyWorkspaceId(
  db: PrismaClient,
  input: {
    staffUserId: string;
    workspaceId?: string | undefined;
    whenUnnamed: "first" | "sole";
  },
): Promise<string> {
  if (input.workspaceId === undefined && input.whenUnnamed === "sole") {
    return soleWorkspaceId(db, { staffUserId: input.staffUserId });
  }
  const memberOf = await staffWorkspaceIds(db, input.staffUserId);
  const chosen = input.workspaceId ?? memberOf[0];
  if (chosen === undefined || !memberOf.includes(chosen)) {
    throw new AppError("NOT_FOUND", "No such workspace");
  }
  return chosen;
}
