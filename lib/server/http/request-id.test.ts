import { describe, expect, it } from "vitest";
import { resolveRequestId } from "./request-id";

describe("resolveRequestId", () => {
  it("keeps a well-formed id from an upstream proxy", () => {
    expect(resolveRequestId(new Headers({ "x-request-id": "lb-12345678" }))).toBe("lb-12345678");
  });

  it.each(["short", "has spaces in it", "<script>alert(1)</script>", "x".repeat(129)])(
    "replaces an unacceptable id (%s)",
    (incoming) => {
      expect(resolveRequestId(new Headers({ "x-request-id": incoming }))).toMatch(
        /^req_[0-9a-f]{24}$/,
      );
    },
  );

  it("generates a fresh id per request", () => {
    expect(resolveRequestId(new Headers())).not.toBe(resolveRequestId(new Headers()));
  });
});
