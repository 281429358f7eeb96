import { errors, jwtVerify, SignJWT } from "jose";

/*
 * The shop's proof of who the customer is: an HS256 JWT signed on the shop's server with the
 * workspace's identity secret. Claims: `sub` (the customer's Countersign id), `email`, `iat` and
 * `exp`, at most 24 hours apart. Only HS256 is accepted, so `alg: none` or a key-confusion swap
 * is refused before any claim is read.
 */

export const MAX_IDENTITY_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
// Shop and Countersign clocks disagree a little; more than this is a token from the future.
const CLOCK_TOLERANCE_SECONDS = 60;

export type IdentityClaims = { customerId: string; email: string };

export type IdentityTokenVerdict =
  | { ok: true; claims: IdentityClaims }
  | { ok: false; reason: "expired" | "invalid" | "lifetime_too_long" };

function keyFor(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function verifyIdentityToken(
  token: string,
  secret: string,
  now: Date,
): Promise<IdentityTokenVerdict> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ["HS256"],
      requiredClaims: ["sub", "iat", "exp"],
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    const { sub, email, iat, exp } = payload;
    if (typeof email !== "string" || !sub || typeof iat !== "number" || typeof exp !== "number") {
      return { ok: false, reason: "invalid" };
    }
    if (iat > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS)
      return { ok: false, reason: "invalid" };
    if (exp - iat > MAX_IDENTITY_TOKEN_LIFETIME_SECONDS) {
      return { ok: false, reason: "lifetime_too_long" };
    }
    return { ok: true, claims: { customerId: sub, email: email.trim().toLowerCase() } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
    return { ok: false, reason: "invalid" };
  }
}

/** What a shop's server does; used by the demo shop page and the tests. */
export function signIdentityToken(
  claims: IdentityClaims,
  secret: string,
  options: { now: Date; lifetimeSeconds?: number },
): Promise<string> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.customerId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (options.lifetimeSeconds ?? 60 * 60))
    .sign(keyFor(secret));
}
