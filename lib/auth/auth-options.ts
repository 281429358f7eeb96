import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { clientIpFromHeaders } from "@/lib/auth/client-ip";
import { lockedError } from "@/lib/auth/sign-in-error";
import { getServerEnv } from "@/lib/server/env";
import { signInStaff } from "@/lib/server/services/auth/sign-in-staff";

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

const credentialsSchema = z.object({
  email: z.string().trim().max(320),
  password: z.string().min(1).max(200),
});

let cached: NextAuthOptions | undefined;

/** Built on first use: `next build` imports the auth route without any secrets configured. */
export function getAuthOptions(): NextAuthOptions {
  cached ??= {
    secret: getServerEnv().NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
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
          const result = await signInStaff({
            ...parsed.data,
            ip: clientIpFromHeaders(req.headers ?? {}),
            now: new Date(),
          });
          if (result.ok) return result.user;
          // A thrown message reaches the form as `error`; a null return becomes "CredentialsSignin".
          if (result.reason === "locked") throw new Error(lockedError(result.retryAfterMinutes));
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
        }
        return token;
      },
      session({ session, token }) {
        session.user = {
          id: token.id,
          email: token.email ?? "",
          name: token.name ?? "",
          role: token.role,
        };
        return session;
      },
    },
  };
  return cached;
}
