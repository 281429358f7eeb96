import "server-only";
import bcrypt from "bcryptjs";
import { passwordFingerprint, verifyPasswordLink } from "@/lib/auth/password-link-token";
import { staffPasswordSchema } from "@/lib/domain/staff-accounts";
import { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { db as defaultDb } from "@/lib/server/db";
import { getServerEnv } from "@/lib/server/env";
import { BCRYPT_COST } from "./password-link";

export type PasswordLinkAccount = { id: string; email: string; name: string; passwordHash: string };

const LINK_UNUSABLE = "This link has expired or was already used. Ask an admin for a new one.";

/** The active account a link is for, if the link is genuine, in time and not yet used. */
export async function findPasswordLinkAccount(
  token: string,
  options: { db?: PrismaClient; now?: Date } = {},
): Promise<PasswordLinkAccount | null> {
  const db = options.db ?? defaultDb;
  const verdict = await verifyPasswordLink(
    token,
    getServerEnv().NEXTAUTH_SECRET,
    options.now ?? new Date(),
  );
  if (!verdict.ok) return null;
  const account = await db.staffUser.findFirst({
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
  input: { token: string; password: string },
  options: { db?: PrismaClient; now?: Date } = {},
): Promise<{ email: string }> {
  const db = options.db ?? defaultDb;
  const now = options.now ?? new Date();
  const password = staffPasswordSchema.parse(input.password);
  const account = await findPasswordLinkAccount(input.token, { db, now });
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
