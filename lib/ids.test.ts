import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ID_PREFIXES, idFromDigest, newId } from "./ids";

const prefix = fc.constantFrom(...ID_PREFIXES);
const hexDigest = fc.stringMatching(/^[0-9a-f]{24,64}$/);

describe("newId", () => {
  it("is its prefix, an underscore and 24 lowercase hex characters", () => {
    fc.assert(
      fc.property(prefix, (chosen) => {
        const id = newId(chosen);
        expect(id.startsWith(`${chosen}_`)).toBe(true);
        expect(id.slice(chosen.length + 1)).toMatch(/^[0-9a-f]{24}$/);
      }),
    );
  });

  it("does not repeat over many draws", () => {
    const ids = Array.from({ length: 20_000 }, () => newId("msg"));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("names one prefix only: no prefix is another's start followed by an underscore", () => {
    for (const a of ID_PREFIXES) {
      for (const b of ID_PREFIXES) {
        if (a !== b) expect(newId(a).startsWith(`${b}_`)).toBe(false);
      }
    }
  });
});

describe("idFromDigest", () => {
  it("is the same id for the same digest and keeps its first 24 characters", () => {
    fc.assert(
      fc.property(prefix, hexDigest, (chosen, digest) => {
        const id = idFromDigest(chosen, digest);
        expect(id).toBe(idFromDigest(chosen, digest));
        expect(id).toBe(`${chosen}_${digest.slice(0, 24)}`);
      }),
    );
  });

  it("differs when the digests differ in their first 24 characters", () => {
    fc.assert(
      fc.property(prefix, hexDigest, hexDigest, (chosen, a, b) => {
        fc.pre(a.slice(0, 24) !== b.slice(0, 24));
        expect(idFromDigest(chosen, a)).not.toBe(idFromDigest(chosen, b));
      }),
    );
  });

  it.each(["", "abc", "0123456789abcdef0123456", "0123456789ABCDEF01234567", "z".repeat(32)])(
    "refuses a digest that is not at least 24 lowercase hex characters (%s)",
    (digest) => {
      expect(() => idFromDigest("pa", digest)).toThrow(/lowercase hex digest/);
    },
  );
});
