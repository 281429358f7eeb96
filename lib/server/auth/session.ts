import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { getToken } from "next-auth/jwt";
import { cache } from "react";
import { DEFAULT_SIGNED_IN_PATH, loginPath } from "@/lib/auth/callback-path";
import { decodeSessionToken } from "@/lib/auth/session-token";
import { can, type Permission } from "@/lib/domain/authz";
import { getServerEnv } from "@/lib/server/env";
import { findActiveStaffUser } from "@/lib/server/repositories/staff-user-repository";
import { getAuthOptions } from "./auth-options";

export type StaffSession = {
  user: NonNullable<Awaited<ReturnType<typeof findActiveStaffUser>>>;
};

type SessionClaims = { id?: unknown; sessionVersion?: unknown } | null | undefined;

/**
 * The staff member a cookie names, as the database knows them now. The cookie only proves who
 * they were; the row must still be active and still carry the cookie's session version, so
 * sign-out, deactivation, a password change and role changes apply to the very next request.
 */
async function staffSessionFromClaims(claims: SessionClaims): Promise<StaffSession | null> {
  if (typeof claims?.id !== "string" || typeof claims.sessionVersion !== "number") return null;
  const user = await findActiveStaffUser(claims.id, claims.sessionVersion);
  return user ? { user } : null;
}

/** For pages and layouts. `cache` shares one lookup between the layout and the page of a render. */
export const getStaffSession = cache(async (): Promise<StaffSession | null> => {
  const session = await getServerSession(getAuthOptions());
  return staffSessionFromClaims(session?.user);
});

/** A request as next-auth reads its session cookie: a Web request, or Node's with parsed cookies. */
export type SessionCarrier = Parameters<typeof getToken>[0]["req"];

/** For route handlers: reads the cookie from the request itself, so handlers run outside Next too. */
export async function getStaffSessionForRequest(req: SessionCarrier): Promise<StaffSession | null> {
  const env = getServerEnv();
  const token = await getToken({
    req,
    secret: env.NEXTAUTH_SECRET,
    decode: decodeSessionToken,
    secureCookie: env.NEXTAUTH_URL.startsWith("https://"),
  });
  return staffSessionFromClaims(token);
}

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
