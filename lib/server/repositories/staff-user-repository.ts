import "server-only";
import { db } from "@/lib/server/db";

const publicStaffFields = { id: true, email: true, name: true, role: true } as const;

export async function findStaffUserForSignIn(email: string) {
  return db.staffUser.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { ...publicStaffFields, active: true, passwordHash: true },
  });
}

/** The user as they are now; null once deactivated, so a still-valid cookie grants nothing. */
export async function findActiveStaffUser(id: string) {
  return db.staffUser.findFirst({ where: { id, active: true }, select: publicStaffFields });
}

export async function recordStaffSignIn(id: string, at: Date): Promise<void> {
  await db.staffUser.update({ where: { id }, data: { lastLoginAt: at } });
}
