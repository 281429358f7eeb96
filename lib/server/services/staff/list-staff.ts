import "server-only";
import type { Role } from "@/lib/domain/authz";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type StaffAccountRow = {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  createdAt: string;
  lastLoginAt: string | null;
};

/** Active accounts first, then by name: the page an admin manages the team from. */
export async function listStaff(
  _input: Record<string, never>,
  context: Pick<UseCaseContext, "db">,
): Promise<StaffAccountRow[]> {
  const rows = await context.db.staffUser.findMany({
    orderBy: [{ active: "desc" }, { name: "asc" }],
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      active: true,
      createdAt: true,
      lastLoginAt: true,
    },
  });
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  }));
}
