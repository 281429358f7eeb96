import { describe, expect, it } from "vitest";
import { isCrossOriginMutation } from "./same-origin";

const app = "http://localhost:3000";
const headers = (entries: Record<string, string>) => new Headers(entries);

describe("isCrossOriginMutation", () => {
  it.each([
    ["POST", { origin: "http://evil.test" }, true],
    ["DELETE", { origin: "http://localhost:3001" }, true],
    ["PATCH", { origin: "null" }, true],
    ["POST", { origin: app }, false],
    ["PUT", { "sec-fetch-site": "cross-site" }, true],
    ["POST", { "sec-fetch-site": "same-site" }, true],
    ["POST", { "sec-fetch-site": "same-origin" }, false],
    ["POST", { "sec-fetch-site": "none" }, false],
    // Origin wins over Sec-Fetch-Site when both are present.
    ["POST", { origin: "http://evil.test", "sec-fetch-site": "same-origin" }, true],
    // Non-browser clients send neither and cannot carry a victim's cookies.
    ["POST", {}, false],
    // Reads are never blocked.
    ["GET", { origin: "http://evil.test" }, false],
    ["HEAD", { "sec-fetch-site": "cross-site" }, false],
  ] as const)("%s with %o → %s", (method, entries, expected) => {
    expect(isCrossOriginMutation(method, headers(entries), app)).toBe(expected);
  });
});
