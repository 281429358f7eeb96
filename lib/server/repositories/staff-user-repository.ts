import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { shareConcurrentRead } from "@/lib/server/coalesce-concurrent";
import { db } from "@/lib/server/db";

const publicStaffFields = { id: true, email: true, name: true, role: true } as const;

export async function findStaffUserForSignIn(db: PrismaClient, email: string) {
  return db.staffUser.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { ...publicStaffFields, active: true, passwordHash: true, sessionVersion: true },
  });
}

/**
 * The user as they are now, if the cookie's session version is still theirs: null once they
 * signed out, were deactivated or changed their password, so an old cookie grants nothing.
 */
export async function findActiveStaffUser(id: string, sessionVersion: number) {
  // Every request checks its cookie here; a burst of one person's requests shares one read.
  return shareConcurrentRead(db, `active-staff:${id}:${sessionVersion}`, () =>
    db.staffUser.findFirst({
      where: { id, active: true, sessionVersion },
      select: publicStaffFields,
    }),
  );
}

export async function recordStaffSignIn(db: PrismaClient, id: string, at: Date): Promise<void> {
  await db.staffUser.update({ where: { id }, data: { lastLoginAt: at } });
}

/** Ends every session the user holds (sign-out ends them all: one cookie cannot be singled out). */
export async function revokeStaffSessions(id: string): Promise<void> {
  await db.staffUser.updateMany({ where: { id }, data: { sessionVersion: { increment: 1 } } });
}
