import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { clientSourceFromHeaders, trustedProxyList } from "@/lib/auth/client-ip";
import { decodeSessionToken } from "@/lib/auth/session-token";
import { lockedError } from "@/lib/auth/sign-in-error";
import { getServerEnv } from "@/lib/server/env";
import { appContext } from "@/lib/server/process/app-context";
import { revokeStaffSessions } from "@/lib/server/repositories/staff-user-repository";
import { signInStaff } from "@/lib/server/services/auth/sign-in-staff";

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

const credentialsSchema = z.object({
  email: z.string().trim().max(320),
  password: z.string().min(1).max(200),
});

let cached: NextAuthOptions | undefined;

/** Built on first use: `next build` imports the auth route without any secrets configured. */
export function getAuthOptions(): NextAuthOptions {
  const trustedProxies = trustedProxyList(getServerEnv().TRUSTED_PROXIES);
  cached ??= {
    secret: getServerEnv().NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { decode: decodeSessionToken },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, req) {
          const parsed = credentialsSchema.safeParse(credentials);
          if (!parsed.success) return null;
          const result = await signInStaff(
            {
              ...parsed.data,
              source: clientSourceFromHeaders(req.headers ?? {}, trustedProxies),
            },
            appContext(),
          );
          if (result.ok) return result.user;
          // A thrown message reaches the form as `error`; a null return becomes "CredentialsSignin".
          if (result.reason === "locked") throw new Error(lockedError(result.retryAfterSeconds));
          return null;
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.id = user.id;
          token.role = user.role;
          token.name = user.name;
          token.sessionVersion = user.sessionVersion;
        }
        return token;
      },
      session({ session, token }) {
        session.user = {
          id: token.id,
          email: token.email ?? "",
          name: token.name ?? "",
          role: token.role,
          sessionVersion: token.sessionVersion,
        };
        return session;
      },
    },
    events: {
      // A JWT cannot be recalled, so signing out moves the user's session version on: this
      // cookie, and any copy of it, stops working at once (other devices sign in again).
      async signOut({ token }) {
        if (typeof token?.id === "string") await revokeStaffSessions(token.id);
      },
    },
  };
  return cached;
}
