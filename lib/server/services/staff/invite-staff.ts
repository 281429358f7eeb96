import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { type NewStaffAccount, newStaffAccountSchema } from "@/lib/domain/staff-accounts";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/prisma-errors";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { joinInvitersWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { type PasswordLinkSigning, passwordLinkUrl, unusablePasswordHash } from "./password-link";

export type InvitedStaff = {
  user: { id: string; email: string; name: string; role: NewStaffAccount["role"] };
  /** Shown once to the admin who invited; nothing stores it. */
  setPasswordUrl: string;
};

/*
 * A new account that cannot sign in until its owner sets a password from the one-time link. It
 * joins the inviting admin's workspaces, so it sees the conversations the admin sees.
 */
export async function inviteStaff(
  input: {
    account: NewStaffAccount;
    actor: Extract<Actor, { type: "staff" }>;
    passwordLinks: PasswordLinkSigning;
  },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<InvitedStaff> {
  const account = newStaffAccountSchema.parse(input.account);
  const { db } = context;
  const now = context.now();
  const passwordHash = await unusablePasswordHash();
  try {
    const user = await db.$transaction(async (tx) => {
      const created = await tx.staffUser.create({
        data: { ...account, passwordHash, createdAt: now },
        select: { id: true, email: true, name: true, role: true },
      });
      await joinInvitersWorkspaces(tx, { staffUserId: created.id, inviterId: input.actor.userId });
      await appendAuditEvents(tx, [
        {
          kind: "staff.invited",
          subjectType: "staff_user",
          subjectId: created.id,
          actor: input.actor,
          occurredAt: now,
          payload: { email: created.email, name: created.name, role: created.role },
        },
      ]);
      return created;
    });
    return {
      user,
      setPasswordUrl: await passwordLinkUrl(input.passwordLinks, user.id, passwordHash, now),
    };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError("CONFLICT", `There is already an account for ${account.email}`, {
      extensions: { reason: "EMAIL_TAKEN" },
    });
  }
}
