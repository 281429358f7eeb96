import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { can, roleSchema } from "@/lib/domain/authz";
import { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * The staff member making a signing key or importing orders, if their account is active and may
 * change settings now: checked against the stored row, so a demoted admin is refused at once.
 */
export async function requireStoreOrdersAdmin(
  db: PrismaClient,
  staffId: string,
  doing: string,
): Promise<Extract<Actor, { type: "staff" }>> {
  const staff = await db.staffUser.findUnique({ where: { id: staffId } });
  const role = staff?.active ? roleSchema.parse(staff.role) : null;
  if (!staff || !role || !can([role], "settings.write")) {
    throw new AppError("FORBIDDEN", `${doing} needs an active admin account`);
  }
  return { type: "staff", userId: staff.id, roles: [role] };
}
