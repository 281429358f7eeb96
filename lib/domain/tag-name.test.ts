import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TAG_NAME_MAX_LENGTH, tagKey, tagNameSchema } from "./tag-name";

describe("tag names", () => {
  it("collapses and trims spaces, and keeps the case staff typed", () => {
    expect(tagNameSchema.parse("  Damaged   item ")).toBe("Damaged item");
  });

  it("refuses empty names, names that start with punctuation, and names that are too long", () => {
    expect(tagNameSchema.safeParse("   ").success).toBe(false);
    expect(tagNameSchema.safeParse("-dash-first").success).toBe(false);
    expect(tagNameSchema.safeParse("<script>").success).toBe(false);
    expect(tagNameSchema.safeParse("a".repeat(TAG_NAME_MAX_LENGTH + 1)).success).toBe(false);
    expect(tagNameSchema.safeParse("a".repeat(TAG_NAME_MAX_LENGTH)).success).toBe(true);
  });

  it("gives names that differ only in case or spacing the same key", () => {
    expect(tagKey("Dispute-Opened")).toBe(tagKey("dispute-opened"));
    expect(tagKey(" needs  a person")).toBe("needs a person");
  });

  it("keys a valid name to a valid name that is its own key", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 \-_.]{0,30}$/), (typed) => {
        const name = tagNameSchema.parse(typed);
        const key = tagKey(name);
        expect(tagNameSchema.parse(key)).toBe(key);
        expect(tagKey(key)).toBe(key);
        expect(key).toBe(name.toLowerCase());
      }),
    );
  });
});
