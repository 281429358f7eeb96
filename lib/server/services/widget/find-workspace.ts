import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { Workspace } from "@/lib/generated/prisma/client";
import type { UseCaseContext } from "@/lib/server/use-case-context";

/** The workspace behind a widget key, or a 404 the widget shows as "this chat is not set up". */
export async function findWorkspace(
  input: { key: string },
  context: Pick<UseCaseContext, "db">,
): Promise<Workspace> {
  const workspace = await context.db.workspace.findUnique({ where: { key: input.key } });
  if (!workspace) {
    throw new AppError("NOT_FOUND", "This chat is not set up: the shop's widget key is unknown.", {
      extensions: { reason: "UNKNOWN_WORKSPACE" },
    });
  }
  return workspace;
}
