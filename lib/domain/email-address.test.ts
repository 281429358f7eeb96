import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalEmailAddress } from "./email-address";

describe("normalEmailAddress", () => {
  it("trims and lower-cases, and nothing else", () => {
    expect(normalEmailAddress("  Maya@Example.COM ")).toBe("maya@example.com");
    expect(normalEmailAddress("m_ya@example.com")).toBe("m_ya@example.com");
    expect(normalEmailAddress("m%a@example.com")).toBe("m%a@example.com");
  });

  it("is idempotent, so a stored address compares equal to itself", () => {
    fc.assert(
      fc.property(fc.string(), (address) => {
        expect(normalEmailAddress(normalEmailAddress(address))).toBe(normalEmailAddress(address));
      }),
    );
  });
});
