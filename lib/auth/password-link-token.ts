import { createHash, createHmac } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

/*
 * The token in a one-time set-password link (an invitation or a reset): an HS256 JWT naming the
 * staff user and a fingerprint of their password hash as it was when the link was made. Setting
 * a password changes the hash, and a reset replaces it, so a used or superseded link no longer
 * matches and grants nothing: single use without storing the token. It expires after
 * PASSWORD_LINK_LIFETIME_SECONDS. The key is derived from the app secret for this purpose only,
 * so no other token the app signs can pass as a link.
 */

export const PASSWORD_LINK_LIFETIME_SECONDS = 72 * 60 * 60;
const AUDIENCE = "countersign:set-password";

export type PasswordLinkClaims = { staffUserId: string; passwordFingerprint: string };

export type PasswordLinkVerdict =
  | { ok: true; claims: PasswordLinkClaims }
  | { ok: false; reason: "expired" | "invalid" };

function keyFor(secret: string): Uint8Array {
  return createHmac("sha256", secret).update("countersign set-password link key").digest();
}

/** Names the password hash without revealing it: the link travels by email and chat. */
export function passwordFingerprint(passwordHash: string): string {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);
}

export function signPasswordLink(
  claims: PasswordLinkClaims,
  secret: string,
  options: { now: Date },
): Promise<string> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({ pwf: claims.passwordFingerprint })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.staffUserId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + PASSWORD_LINK_LIFETIME_SECONDS)
    .sign(keyFor(secret));
}

export async function verifyPasswordLink(
  token: string,
  secret: string,
  now: Date,
): Promise<PasswordLinkVerdict> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      requiredClaims: ["sub", "exp"],
      currentDate: now,
    });
    if (typeof payload.sub !== "string" || typeof payload.pwf !== "string") {
      return { ok: false, reason: "invalid" };
    }
    return { ok: true, claims: { staffUserId: payload.sub, passwordFingerprint: payload.pwf } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
    return { ok: false, reason: "invalid" };
  }
}
