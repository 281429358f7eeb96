import "server-only";
import { leavesAnActiveAdmin, type StaffAccountChange } from "@/lib/domain/staff-accounts";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";

/*
 * Changes to roles and to who is active run one at a time, so two admins demoting each other at
 * once cannot both succeed and leave the team with none: the second one reads the first's result.
 */
export async function lockStaffAccounts(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('staff_accounts', 0))`;
}

/** The account as it is now, under the lock; NOT_FOUND for an unknown id. */
export async function findStaffAccountForChange(tx: Prisma.TransactionClient, staffUserId: string) {
  const account = await tx.staffUser.findUnique({
    where: { id: staffUserId },
    select: { id: true, email: true, name: true, role: true, active: true },
  });
  if (!account) throw new AppError("NOT_FOUND", "No such staff account");
  return account;
}

export async function assertAnAdminRemains(
  tx: Prisma.TransactionClient,
  staffUserId: string,
  change: StaffAccountChange,
): Promise<void> {
  const accounts = await tx.staffUser.findMany({
    where: { OR: [{ role: "admin", active: true }, { id: staffUserId }] },
    select: { id: true, role: true, active: true },
  });
  if (!leavesAnActiveAdmin(accounts, staffUserId, change)) {
    throw new AppError(
      "CONFLICT",
      "This is the last active admin: make someone else an admin first",
      {
        extensions: { reason: "LAST_ADMIN" },
      },
    );
  }
}
