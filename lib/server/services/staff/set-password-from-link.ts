import "server-only";
import bcrypt from "bcryptjs";
import { passwordFingerprint, verifyPasswordLink } from "@/lib/auth/password-link-token";
import { staffPasswordSchema } from "@/lib/domain/staff-accounts";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { BCRYPT_COST } from "./password-link";

export type PasswordLinkAccount = { id: string; email: string; name: string; passwordHash: string };

const LINK_UNUSABLE = "This link has expired or was already used. Ask an admin for a new one.";

/** The active account a link is for, if the link is genuine, in time and not yet used. */
export async function findPasswordLinkAccount(
  input: { token: string; secret: string },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PasswordLinkAccount | null> {
  const verdict = await verifyPasswordLink(input.token, input.secret, context.now());
  if (!verdict.ok) return null;
  const account = await context.db.staffUser.findFirst({
    where: { id: verdict.claims.staffUserId, active: true },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  if (
    !account ||
    passwordFingerprint(account.passwordHash) !== verdict.claims.passwordFingerprint
  ) {
    return null;
  }
  return account;
}

/*
 * Sets the password a link was made for. The update is conditional on the hash the link was
 * made against, so of two uses of one link exactly one succeeds, and the link is spent.
 */
export async function setPasswordFromLink(
  input: { token: string; password: string; secret: string },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ email: string }> {
  const { db } = context;
  const now = context.now();
  const password = staffPasswordSchema.parse(input.password);
  const account = await findPasswordLinkAccount(
    { token: input.token, secret: input.secret },
    { db, now: () => now },
  );
  if (!account) {
    throw new AppError("CONFLICT", LINK_UNUSABLE, { extensions: { reason: "LINK_UNUSABLE" } });
  }
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  await db.$transaction(async (tx) => {
    const { count } = await tx.staffUser.updateMany({
      where: { id: account.id, active: true, passwordHash: account.passwordHash },
      data: { passwordHash },
    });
    if (count !== 1) {
      throw new AppError("CONFLICT", LINK_UNUSABLE, { extensions: { reason: "LINK_UNUSABLE" } });
    }
    const { role } = await tx.staffUser.findUniqueOrThrow({
      where: { id: account.id },
      select: { role: true },
    });
    await appendAuditEvents(tx, [
      {
        kind: "staff.password_set",
        subjectType: "staff_user",
        subjectId: account.id,
        actor: { type: "staff", userId: account.id, roles: [role] },
        occurredAt: now,
        payload: { email: account.email },
      },
    ]);
  });
  return { email: account.email };
}
