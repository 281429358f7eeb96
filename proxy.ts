import { type NextRequest, NextResponse } from "next/server";
import { getToken } from "next-auth/jwt";
import { loginPath } from "@/lib/auth/callback-path";
import { decodeSessionToken } from "@/lib/auth/session-token";
import { isStaffPath } from "@/lib/auth/staff-paths";
import { isWidgetPath } from "@/lib/auth/widget-paths";
import { getServerEnv } from "@/lib/server/env";
import { contentSecurityPolicy, createNonce } from "@/lib/server/http/content-security-policy";
import { strictTransportSecurity } from "@/lib/server/http/strict-transport-security";

/**
 * Redirects signed-out visitors of staff pages to /login and attaches the per-request CSP nonce.
 * It decides nothing else: permissions are checked by the route wrapper and by each page, so a
 * request that slips past this file still meets the real checks.
 */
export async function proxy(req: NextRequest) {
  const env = getServerEnv();
  const { pathname, search } = req.nextUrl;

  if (isStaffPath(pathname)) {
    const token = await getToken({
      req,
      secret: env.NEXTAUTH_SECRET,
      decode: decodeSessionToken,
      secureCookie: env.NEXTAUTH_URL.startsWith("https://"),
    });
    if (!token) return NextResponse.redirect(new URL(loginPath(`${pathname}${search}`), req.url));
  }

  const nonce = createNonce();
  const policy = contentSecurityPolicy({
    nonce,
    development: env.NODE_ENV === "development",
    https: env.NEXTAUTH_URL.startsWith("https://"),
    // The chat panel is made to sit in a shop's page; no other page may be framed (clickjacking).
    ...(isWidgetPath(pathname) && { frameAncestors: ["'self'", ...env.WIDGET_FRAME_ANCESTORS] }),
  });

  // Next.js reads the nonce for its own scripts from the request's CSP header.
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  requestHeaders.set("x-pathname", `${pathname}${search}`);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  const hsts = strictTransportSecurity(env.NEXTAUTH_URL);
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

export const config = {
  matcher: [
    // Pages only: not API routes (the wrapper answers 401 JSON) and not static assets.
    "/((?!api/|_next/static|_next/image|favicon.ico|.*\\.[a-zA-Z0-9]+$).*)",
  ],
};
