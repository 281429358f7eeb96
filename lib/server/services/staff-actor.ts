import "server-only";
import type { Actor } from "@/lib/domain/actor";
import type { StaffSession } from "@/lib/server/auth/session";

/** The audit actor for a signed-in staff member, with the role the database holds now. */
export function staffActor(session: StaffSession): Extract<Actor, { type: "staff" }> {
  return { type: "staff", userId: session.user.id, roles: [session.user.role] };
}
