import { describe, expect, it } from "vitest";
import { loginPath, safeCallbackPath } from "./callback-path";

describe("safeCallbackPath", () => {
  it.each(["/inbox", "/conversations/tkt_1?tab=steps", "/approvals#top"])("keeps %s", (path) => {
    expect(safeCallbackPath(path)).toBe(path);
  });

  it.each([
    null,
    undefined,
    "",
    "inbox",
    "//evil.test/x",
    "/\\evil.test",
    "https://evil.test/inbox",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/\\/evil.example",
  ])("falls back to /inbox for %s", (path) => {
    expect(safeCallbackPath(path)).toBe("/inbox");
  });
});

describe("safeCallbackPath on decoded query values", () => {
  it.each([
    "%2F%09%2Fevil.example",
    "%2F%0A%2Fevil.example",
    "%2F%0D%2Fevil.example",
    "%2F%5C%2Fevil",
  ])("never leaves the site for callbackUrl=%s", (encoded) => {
    const path = safeCallbackPath(decodeURIComponent(encoded));
    expect(path).toBe("/inbox");
    expect(new URL(path, "https://desk.example").origin).toBe("https://desk.example");
  });

  it("normalises what it keeps", () => {
    expect(safeCallbackPath("/conversations/../audit?x=1")).toBe("/audit?x=1");
    expect(safeCallbackPath("/conversations/tkt 1")).toBe("/conversations/tkt%201");
  });
});

describe("loginPath", () => {
  it("encodes the path to return to", () => {
    expect(loginPath("/conversations/tkt_1?x=1")).toBe(
      "/login?callbackUrl=%2Fconversations%2Ftkt_1%3Fx%3D1",
    );
    expect(loginPath("//evil.test")).toBe("/login?callbackUrl=%2Finbox");
  });
});
