import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { can, roleSchema } from "@/lib/domain/authz";
import { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";

export type ConnectionAdmin = Extract<Actor, { type: "staff" }>;

/**
 * The staff member changing a connection, if their account is active and may change settings now:
 * checked against the stored row, not the session, so a demoted admin is refused at once.
 */
export async function requireConnectionAdmin(
  db: PrismaClient,
  staffId: string,
): Promise<ConnectionAdmin> {
  const staff = await db.staffUser.findUnique({ where: { id: staffId } });
  const role = staff?.active ? roleSchema.parse(staff.role) : null;
  if (!staff || !role || !can([role], "settings.write")) {
    throw new AppError("FORBIDDEN", "Changing payment connections needs an active admin account");
  }
  return { type: "staff", userId: staff.id, roles: [role] };
}
