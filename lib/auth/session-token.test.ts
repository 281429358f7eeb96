import { decode, encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeSessionToken } from "./session-token";

const secret = "a-secret-of-enough-length-for-the-test-0123456789";
const claims = { id: "staff_1", role: "approver", sessionVersion: 3 } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe("decodeSessionToken", () => {
  it("reads the cookies next-auth issues, as next-auth's own decode does", async () => {
    const token = await encode({ token: claims, secret });
    const ours = await decodeSessionToken({ token, secret });
    expect(ours).toMatchObject({ id: "staff_1", sessionVersion: 3 });
    expect(ours).toEqual(await decode({ token, secret }));
  });

  it("keeps salts apart and refuses another secret's or an altered token", async () => {
    const salted = await encode({ token: claims, secret, salt: "other" });
    await expect(
      decodeSessionToken({ token: salted, secret, salt: "other" }),
    ).resolves.toMatchObject({ id: "staff_1" });
    await expect(decodeSessionToken({ token: salted, secret })).rejects.toThrow();

    const token = await encode({ token: claims, secret });
    await expect(decodeSessionToken({ token, secret: `${secret}-rotated` })).rejects.toThrow();
    const altered = `${token.slice(0, -4)}${token.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    await expect(decodeSessionToken({ token: altered, secret })).rejects.toThrow();
  });

  it("remembers a decoded token only until it expires", async () => {
    const token = await encode({ token: claims, secret, maxAge: 60 });
    const first = await decodeSessionToken({ token, secret });
    expect(first).toMatchObject(claims);
    // What a caller does to its claims does not reach the next request's.
    (first as { role: string }).role = "admin";
    await expect(decodeSessionToken({ token, secret })).resolves.toMatchObject({
      role: "approver",
    });

    vi.useFakeTimers({ now: Date.now() + 120_000 });
    await expect(decodeSessionToken({ token, secret })).rejects.toThrow();
  });

  it("answers null for no token", async () => {
    expect(await decodeSessionToken({ token: undefined, secret })).toBeNull();
  });
});
