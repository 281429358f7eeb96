import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { Workspace } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";

/** The workspace behind a widget key, or a 404 the widget shows as "this chat is not set up". */
export async function findWorkspace(key: string): Promise<Workspace> {
  const workspace = await db.workspace.findUnique({ where: { key } });
  if (!workspace) {
    throw new AppError("NOT_FOUND", "This chat is not set up: the shop's widget key is unknown.", {
      extensions: { reason: "UNKNOWN_WORKSPACE" },
    });
  }
  return workspace;
}
