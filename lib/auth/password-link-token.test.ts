import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  PASSWORD_LINK_LIFETIME_SECONDS,
  passwordFingerprint,
  signPasswordLink,
  verifyPasswordLink,
} from "./password-link-token";

const SECRET = "test-secret-test-secret-test-secret-0000";
const NOW = new Date("2026-03-01T09:00:00.000Z");
const claims = { staffUserId: "stf_1", passwordFingerprint: passwordFingerprint("$2a$10$abc") };
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe("set-password link tokens", () => {
  it("round-trips the user and the password fingerprint inside the lifetime", async () => {
    const token = await signPasswordLink(claims, SECRET, { now: NOW });
    expect(
      await verifyPasswordLink(token, SECRET, later(PASSWORD_LINK_LIFETIME_SECONDS - 1)),
    ).toEqual({ ok: true, claims });
  });

  it("expires after the lifetime", async () => {
    const token = await signPasswordLink(claims, SECRET, { now: NOW });
    expect(
      await verifyPasswordLink(token, SECRET, later(PASSWORD_LINK_LIFETIME_SECONDS + 1)),
    ).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another secret, a tampered token and a JWT signed with the raw secret", async () => {
    const token = await signPasswordLink(claims, SECRET, { now: NOW });
    expect(await verifyPasswordLink(token, `${SECRET}x`, NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const [head, body, signature] = token.split(".");
    const forgedBody = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body ?? "", "base64url").toString()),
        sub: "stf_2",
      }),
    ).toString("base64url");
    expect(await verifyPasswordLink(`${head}.${forgedBody}.${signature}`, SECRET, NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const rawKeyToken = await new SignJWT({ pwf: claims.passwordFingerprint })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("stf_1")
      .setAudience("countersign:set-password")
      .setExpirationTime(Math.floor(NOW.getTime() / 1000) + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyPasswordLink(rawKeyToken, SECRET, NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("fingerprints differ for different hashes and reveal nothing of the hash", () => {
    expect(passwordFingerprint("$2a$10$abc")).not.toBe(passwordFingerprint("$2a$10$abd"));
    expect(passwordFingerprint("$2a$10$abc")).not.toContain("abc");
  });
});
