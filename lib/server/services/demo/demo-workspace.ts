import "server-only";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DEMO_WORKSPACE } from "@/prisma/demo-data";

/** The seeded demo shop: the workspace of the seeded customers, their copies and the stories. */
export async function findDemoWorkspaceId(tx: Prisma.TransactionClient): Promise<string> {
  const workspace = await tx.workspace.findUnique({
    where: { key: DEMO_WORKSPACE.key },
    select: { id: true },
  });
  if (!workspace) throw new AppError("NOT_FOUND", "The demo workspace is not seeded");
  return workspace.id;
}
