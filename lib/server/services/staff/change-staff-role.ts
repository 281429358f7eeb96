import "server-only";
import type { Actor } from "@/lib/domain/actor";
import type { Role } from "@/lib/domain/authz";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import {
  assertAnAdminRemains,
  findStaffAccountForChange,
  lockStaffAccounts,
} from "./staff-account-lock";

/*
 * Every request reads the role from the database (lib/server/auth/session.ts), so the new role
 * applies to the staff member's very next request; their session itself goes on.
 */
export async function changeStaffRole(
  input: { staffUserId: string; role: Role; actor: Extract<Actor, { type: "staff" }> },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ id: string; role: Role; changed: boolean }> {
  const { db } = context;
  const now = context.now();
  return db.$transaction(async (tx) => {
    await lockStaffAccounts(tx);
    const account = await findStaffAccountForChange(tx, input.staffUserId);
    if (account.role === input.role) return { id: account.id, role: account.role, changed: false };
    await assertAnAdminRemains(tx, account.id, { role: input.role });
    await tx.staffUser.update({ where: { id: account.id }, data: { role: input.role } });
    await appendAuditEvents(tx, [
      {
        kind: "staff.role_changed",
        subjectType: "staff_user",
        subjectId: account.id,
        actor: input.actor,
        occurredAt: now,
        payload: { oldRole: account.role, newRole: input.role },
      },
    ]);
    return { id: account.id, role: input.role, changed: true };
  });
}
