import { type NextRequest, NextResponse } from "next/server";
import { getToken } from "next-auth/jwt";
import { loginPath } from "@/lib/auth/callback-path";
import { isStaffPath } from "@/lib/auth/staff-paths";
import { getServerEnv } from "@/lib/server/env";
import { contentSecurityPolicy, createNonce } from "@/lib/server/http/content-security-policy";

/**
 * Redirects signed-out visitors of staff pages to /login and attaches the per-request CSP nonce.
 * It decides nothing else: permissions are checked by the route wrapper and by each page, so a
 * request that slips past this file still meets the real checks.
 */
export async function proxy(req: NextRequest) {
  const env = getServerEnv();
  const { pathname, search } = req.nextUrl;

  if (isStaffPath(pathname)) {
    const token = await getToken({ req, secret: env.NEXTAUTH_SECRET });
    if (!token) return NextResponse.redirect(new URL(loginPath(`${pathname}${search}`), req.url));
  }

  const nonce = createNonce();
  const policy = contentSecurityPolicy({
    nonce,
    development: env.NODE_ENV === "development",
    https: env.NEXTAUTH_URL.startsWith("https://"),
  });

  // Next.js reads the nonce for its own scripts from the request's CSP header.
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  requestHeaders.set("x-pathname", `${pathname}${search}`);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: [
    // Pages only: not API routes (the wrapper answers 401 JSON), not static assets, and not the
    // embeddable /widget, whose framing rules belong to the widget itself.
    "/((?!api/|_next/static|_next/image|favicon.ico|widget(?:/|$)|.*\\.[a-zA-Z0-9]+$).*)",
  ],
};
