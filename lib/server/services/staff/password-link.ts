import "server-only";
import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { passwordFingerprint, signPasswordLink } from "@/lib/auth/password-link-token";
import { getServerEnv } from "@/lib/server/env";

export const BCRYPT_COST = 10;

/**
 * A password hash nobody knows the password of: an invited account cannot sign in, and a reset
 * one no longer can, until its owner sets a password from the link.
 */
export function unusablePasswordHash(): Promise<string> {
  return bcrypt.hash(randomBytes(32).toString("base64url"), BCRYPT_COST);
}

/** The one-time link for the account whose password hash is `passwordHash` now. */
export async function passwordLinkUrl(
  staffUserId: string,
  passwordHash: string,
  now: Date,
): Promise<string> {
  const env = getServerEnv();
  const token = await signPasswordLink(
    { staffUserId, passwordFingerprint: passwordFingerprint(passwordHash) },
    env.NEXTAUTH_SECRET,
    { now },
  );
  const url = new URL("/set-password", env.NEXTAUTH_URL);
  url.searchParams.set("token", token);
  return url.toString();
}
