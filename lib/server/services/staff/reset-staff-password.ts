import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { type PasswordLinkSigning, passwordLinkUrl, unusablePasswordHash } from "./password-link";
import { findStaffAccountForChange } from "./staff-account-lock";

/** The answer of the reset: the new one-time link, shown once to the admin. */
export type StaffPasswordReset = { id: string; setPasswordUrl: string };

/*
 * Replaces the password with one nobody knows and answers a new one-time link. The old password
 * stops working, every session ends (the database bumps the session version when the hash
 * changes), and any earlier link no longer matches the hash, so only the newest link works.
 */
export async function resetStaffPassword(
  input: {
    staffUserId: string;
    actor: Extract<Actor, { type: "staff" }>;
    passwordLinks: PasswordLinkSigning;
  },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<StaffPasswordReset> {
  const { db } = context;
  const now = context.now();
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
    setPasswordUrl: await passwordLinkUrl(
      input.passwordLinks,
      input.staffUserId,
      passwordHash,
      now,
    ),
  };
}
