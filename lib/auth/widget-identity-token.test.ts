import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { signIdentityToken, verifyIdentityToken } from "./widget-identity-token";

const secret = "workspace-secret-for-unit-tests-0000";
const now = new Date("2026-12-02T12:00:00Z");
const nowSeconds = now.getTime() / 1000;
const claims = { customerId: "cus_1", email: "sam@example.com" };

function tokenWith(payload: { iat?: number; exp?: number; email?: string }, key = secret) {
  let jwt = new SignJWT(payload.email === undefined ? {} : { email: payload.email })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject("cus_1");
  if (payload.iat !== undefined) jwt = jwt.setIssuedAt(payload.iat);
  if (payload.exp !== undefined) jwt = jwt.setExpirationTime(payload.exp);
  return jwt.sign(new TextEncoder().encode(key));
}

describe("verifyIdentityToken", () => {
  it("accepts a token the shop signed, and lower-cases the email", async () => {
    const token = await signIdentityToken({ ...claims, email: "Sam@Example.com" }, secret, { now });
    expect(await verifyIdentityToken(token, secret, now)).toEqual({
      ok: true,
      claims: { customerId: "cus_1", email: "sam@example.com" },
    });
  });

  it.each([
    [
      "another secret",
      () => tokenWith({ iat: nowSeconds, exp: nowSeconds + 60, email: "a@b.c" }, "x".repeat(32)),
      "invalid",
    ],
    [
      "expired",
      () => tokenWith({ iat: nowSeconds - 7200, exp: nowSeconds - 3600, email: "a@b.c" }),
      "expired",
    ],
    ["no expiry", () => tokenWith({ iat: nowSeconds, email: "a@b.c" }), "invalid"],
    ["no issued-at", () => tokenWith({ exp: nowSeconds + 60, email: "a@b.c" }), "invalid"],
    ["no email", () => tokenWith({ iat: nowSeconds, exp: nowSeconds + 60 }), "invalid"],
    [
      "issued in the future",
      () => tokenWith({ iat: nowSeconds + 600, exp: nowSeconds + 1200, email: "a@b.c" }),
      "invalid",
    ],
    [
      "lives longer than 24 h",
      () => tokenWith({ iat: nowSeconds, exp: nowSeconds + 86_401, email: "a@b.c" }),
      "lifetime_too_long",
    ],
    [
      "unsigned",
      async () =>
        new UnsecuredJWT({ email: "a@b.c" })
          .setSubject("cus_1")
          .setIssuedAt(nowSeconds)
          .setExpirationTime(nowSeconds + 60)
          .encode(),
      "invalid",
    ],
    ["garbage", async () => "not.a.jwt", "invalid"],
  ])("refuses a token that is %s", async (_label, make, reason) => {
    expect(await verifyIdentityToken(await make(), secret, now)).toEqual({ ok: false, reason });
  });
});
