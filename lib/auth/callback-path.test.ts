import { describe, expect, it } from "vitest";
import { loginPath, safeCallbackPath } from "./callback-path";

describe("safeCallbackPath", () => {
  it.each(["/inbox", "/tickets/tkt_1?tab=steps", "/approvals#top"])("keeps %s", (path) => {
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
  ])("falls back to /inbox for %s", (path) => {
    expect(safeCallbackPath(path)).toBe("/inbox");
  });
});

describe("loginPath", () => {
  it("encodes the path to return to", () => {
    expect(loginPath("/tickets/tkt_1?x=1")).toBe("/login?callbackUrl=%2Ftickets%2Ftkt_1%3Fx%3D1");
    expect(loginPath("//evil.test")).toBe("/login?callbackUrl=%2Finbox");
  });
});
