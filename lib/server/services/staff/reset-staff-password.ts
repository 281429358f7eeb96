import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { db as defaultDb } from "@/lib/server/db";
import { passwordLinkUrl, unusablePasswordHash } from "./password-link";
import { findStaffAccountForChange } from "./staff-account-lock";

/** The answer of the reset: the new one-time link, shown once to the admin. */
export type StaffPasswordReset = { id: string; setPasswordUrl: string };

/*
 * Replaces the password with one nobody knows and answers a new one-time link. The old password
 * stops working, every session ends (the database bumps the session version when the hash
 * changes), and any earlier link no longer matches the hash, so only the newest link works.
 */
export async function resetStaffPassword(
  input: { staffUserId: string; actor: Extract<Actor, { type: "staff" }> },
  options: { db?: PrismaClient; now?: Date } = {},
): Promise<StaffPasswordReset> {
  const db = options.db ?? defaultDb;
  const now = options.now ?? new Date();
  const passwordHash = await unusablePasswordHash();
  await db.$transaction(async (tx) => {
    const account = await findStaffAccountForChange(tx, input.staffUserId);
    if (!account.active) {
      throw new AppError("CONFLICT", "This account is deactivated", {
        extensions: { reason: "DEACTIVATED" },
      });
    }
    await tx.staffUser.update({ where: { id: account.id }, data: { passwordHash } });
    await appendAuditEvents(tx, [
      {
        kind: "staff.password_reset",
        subjectType: "staff_user",
        subjectId: account.id,
        actor: input.actor,
        occurredAt: now,
        payload: { email: account.email },
      },
    ]);
  });
  return {
    id: input.staffUserId,
    setPasswordUrl: await passwordLinkUrl(input.staffUserId, passwordHash, now),
  };
}
