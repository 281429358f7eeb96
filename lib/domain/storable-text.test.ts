import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  findUnstorableText,
  hasControlCharacter,
  toStorableJson,
  toStorableText,
} from "./storable-text";

describe("findUnstorableText", () => {
  it.each([
    ["plain", null],
    ["emoji 😀 and RTL \u202e override", null],
    ["nul \u0000 inside", "nul"],
    ["lone high \ud800", "lone_surrogate"],
    ["lone low \udc00 x", "lone_surrogate"],
    ["reversed \udc00\ud800", "lone_surrogate"],
  ])("%j → %s", (value, reason) => {
    expect(findUnstorableText(value)).toBe(reason);
  });
});

describe("toStorableText", () => {
  it("removes NUL and replaces lone surrogates", () => {
    expect(toStorableText("a\u0000b\ud800c😀")).toBe("ab\ufffdc😀");
  });

  it("always returns storable text and leaves storable text alone", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (value) => {
        const repaired = toStorableText(value);
        expect(findUnstorableText(repaired)).toBeNull();
        if (findUnstorableText(value) === null) expect(repaired).toBe(value);
      }),
    );
  });

  it("repairs keys and values through JSON", () => {
    expect(toStorableJson({ "k\u0000": ["v\u0000", 1, { deep: "\udfff" }], n: null })).toEqual({
      k: ["v", 1, { deep: "\ufffd" }],
      n: null,
    });
  });
});

describe("hasControlCharacter", () => {
  it("finds tabs, newlines and DEL", () => {
    expect(hasControlCharacter("/a\tb")).toBe(true);
    expect(hasControlCharacter("/a\u007f")).toBe(true);
    expect(hasControlCharacter("/inbox?q=ü")).toBe(false);
  });
});
