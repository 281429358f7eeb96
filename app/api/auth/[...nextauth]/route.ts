import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/server/auth/auth-options";

// next-auth owns its own endpoints (CSRF token, callback, session, sign-out), so this is the one
// route that does not go through defineRoute. Options are built per call: `next build` imports
// this module with no secret configured.
type NextAuthContext = { params: Promise<{ nextauth: string[] }> };

function handler(req: NextRequest, context: NextAuthContext): Promise<Response> {
  return NextAuth(req, context, getAuthOptions());
}

export { handler as GET, handler as POST };
