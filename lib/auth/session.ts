import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { getAuthOptions } from "@/lib/auth/auth-options";
import { DEFAULT_SIGNED_IN_PATH, loginPath } from "@/lib/auth/callback-path";
import { can, type Permission } from "@/lib/domain/authz";
import { findActiveStaffUser } from "@/lib/server/repositories/staff-user-repository";

export type StaffSession = {
  user: NonNullable<Awaited<ReturnType<typeof findActiveStaffUser>>>;
};

/**
 * The signed-in staff member as the database knows them now. The cookie only proves who they
 * were; reading the row on every request means deactivation and role changes apply at once.
 * `cache` shares one lookup between the layout and the page of a single render.
 */
export const getStaffSession = cache(async (): Promise<StaffSession | null> => {
  const session = await getServerSession(getAuthOptions());
  const id = session?.user?.id;
  if (!id) return null;
  const user = await findActiveStaffUser(id);
  return user ? { user } : null;
});

export function hasPermission(session: StaffSession, permission: Permission): boolean {
  return can([session.user.role], permission);
}

/** For server components: the session, or a redirect to /login that returns here afterwards. */
export async function requireStaffSession(): Promise<StaffSession> {
  const session = await getStaffSession();
  if (!session) {
    // The proxy records the requested path, since a server component is not told its URL.
    const requested = (await headers()).get("x-pathname");
    redirect(loginPath(requested ?? DEFAULT_SIGNED_IN_PATH));
  }
  return session;
}

/** For pages: as requireStaffSession, and the 403 page when the role lacks the permission. */
export async function requireStaffPage(permission: Permission): Promise<StaffSession> {
  const session = await requireStaffSession();
  if (!hasPermission(session, permission)) forbidden();
  return session;
}
