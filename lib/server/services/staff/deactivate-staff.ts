import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import {
  assertAnAdminRemains,
  findStaffAccountForChange,
  lockStaffAccounts,
} from "./staff-account-lock";

/*
 * Sessions are checked against the live row on every request, and the database moves the
 * session version on when `active` changes (a trigger), so the very next request of every
 * session the staff member holds is refused, and reactivating would not revive an old cookie.
 */
export async function deactivateStaff(
  input: { staffUserId: string; actor: Extract<Actor, { type: "staff" }> },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<{ id: string; changed: boolean }> {
  const { db } = context;
  const now = context.now();
  return db.$transaction(async (tx) => {
    await lockStaffAccounts(tx);
    const account = await findStaffAccountForChange(tx, input.staffUserId);
    if (!account.active) return { id: account.id, changed: false };
    await assertAnAdminRemains(tx, account.id, { active: false });
    await tx.staffUser.update({ where: { id: account.id }, data: { active: false } });
    await appendAuditEvents(tx, [
      {
        kind: "staff.deactivated",
        subjectType: "staff_user",
        subjectId: account.id,
        actor: input.actor,
        occurredAt: now,
        payload: { email: account.email },
      },
    ]);
    return { id: account.id, changed: true };
  });
}
