import "server-only";
import type { StaffSession } from "@/lib/auth/session";
import type { Actor } from "@/lib/domain/actor";

/** The audit actor for a signed-in staff member, with the role the database holds now. */
export function staffActor(session: StaffSession): Extract<Actor, { type: "staff" }> {
  return { type: "staff", userId: session.user.id, roles: [session.user.role] };
}
