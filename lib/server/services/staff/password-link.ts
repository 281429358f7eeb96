import "server-only";
import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { passwordFingerprint, signPasswordLink } from "@/lib/auth/password-link-token";
import type { ServerEnv } from "@/lib/server/env";

export const BCRYPT_COST = 10;

/**
 * A password hash nobody knows the password of: an invited account cannot sign in, and a reset
 * one no longer can, until its owner sets a password from the link.
 */
export function unusablePasswordHash(): Promise<string> {
  return bcrypt.hash(randomBytes(32).toString("base64url"), BCRYPT_COST);
}

/** What signs and places the one-time links: the app's secret and its public URL. */
export type PasswordLinkSigning = { secret: string; appUrl: string };

export function passwordLinkSigning(
  env: Pick<ServerEnv, "NEXTAUTH_SECRET" | "NEXTAUTH_URL">,
): PasswordLinkSigning {
  return { secret: env.NEXTAUTH_SECRET, appUrl: env.NEXTAUTH_URL };
}

/** The one-time link for the account whose password hash is `passwordHash` now. */
export async function passwordLinkUrl(
  signing: PasswordLinkSigning,
  staffUserId: string,
  passwordHash: string,
  now: Date,
): Promise<string> {
  const token = await signPasswordLink(
    { staffUserId, passwordFingerprint: passwordFingerprint(passwordHash) },
    signing.secret,
    { now },
  );
  const url = new URL("/set-password", signing.appUrl);
  url.searchParams.set("token", token);
  return url.toString();
}
