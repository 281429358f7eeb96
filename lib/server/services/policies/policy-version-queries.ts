import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/*
 * Reads and locks shared by the policy use cases. Every change to a workspace's versions takes
 * the same lock first, so two leads publishing at once get consecutive numbers (the second reads
 * the first's row) instead of one failing on the unique number.
 */

export async function lockWorkspacePolicy(
  tx: Prisma.TransactionClient,
  workspaceId: string,
): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`policy:${workspaceId}`}, 0))`;
}

/** The next version number: v1 is built in, so a workspace without rows publishes v2 next. */
export async function nextPolicyNumber(
  tx: Prisma.TransactionClient,
  workspaceId: string,
): Promise<number> {
  const newest = await tx.policyVersion.aggregate({
    where: { workspaceId, status: "published" },
    _max: { number: true },
  });
  return (newest._max.number ?? 1) + 1;
}

export async function findDraft(tx: Prisma.TransactionClient, workspaceId: string) {
  return tx.policyVersion.findFirst({ where: { workspaceId, status: "draft" } });
}

/** The newest dry run of a draft: only it can prove the draft as it is now. */
export async function latestDryRunOf(tx: Prisma.TransactionClient, draftId: string) {
  return tx.policyDryRun.findFirst({
    where: { draftId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}
