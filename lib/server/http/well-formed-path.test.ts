import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWellFormedPath } from "./well-formed-path";

describe("isWellFormedPath", () => {
  it("accepts paths whose escapes decode to UTF-8", () => {
    for (const path of [
      "/api/conversations/t_1",
      "/api/approvals/pa%5F1/decision",
      "/x/%E2%82%AC",
      "/%2F",
    ]) {
      expect(isWellFormedPath(path)).toBe(true);
    }
  });

  it("refuses cut-off, invalid and overlong escapes", () => {
    for (const path of [
      "/api/conversations/%E0%A4%A",
      "/api/conversations/%FF",
      "/%C0%AF",
      "/%",
      "/%zz",
      "/%ED%A0%80",
    ]) {
      expect(isWellFormedPath(path)).toBe(false);
    }
  });

  it("accepts every path encodeURIComponent writes", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme" })), (segments) => {
        expect(isWellFormedPath(`/${segments.map(encodeURIComponent).join("/")}`)).toBe(true);
      }),
    );
  });
});
