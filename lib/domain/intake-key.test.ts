import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { idempotencyKeySchema, intakeFingerprint, judgeIntakeRepeat } from "./intake-key";

const request = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
  { minKeys: 1, maxKeys: 6 },
);

describe("intakeFingerprint", () => {
  it("does not depend on the order of the request's fields", () => {
    fc.assert(
      fc.property(request, (fields) => {
        const reversed = Object.fromEntries(Object.entries(fields).reverse());
        expect(intakeFingerprint(reversed)).toBe(intakeFingerprint(fields));
      }),
    );
  });

  it("differs when any field's value differs", () => {
    fc.assert(
      fc.property(request, fc.string(), (fields, other) => {
        const [name, value] = Object.entries(fields)[0] as [string, unknown];
        fc.pre(value !== other);
        expect(intakeFingerprint({ ...fields, [name]: other })).not.toBe(intakeFingerprint(fields));
      }),
    );
  });

  it("tells a field that is absent from one that is null", () => {
    expect(intakeFingerprint({ storyKey: "1", note: null })).not.toBe(
      intakeFingerprint({ storyKey: "1" }),
    );
  });
});

describe("judgeIntakeRepeat", () => {
  it("replays the stored result only for the same content", () => {
    fc.assert(
      fc.property(request, request, (first, second) => {
        const stored = { fingerprint: intakeFingerprint(first), result: { conversationId: "c1" } };
        const verdict = judgeIntakeRepeat(stored, intakeFingerprint(second));
        const same = intakeFingerprint(first) === intakeFingerprint(second);
        expect(verdict).toEqual(
          same ? { kind: "replay", result: { conversationId: "c1" } } : { kind: "key_reused" },
        );
      }),
    );
  });
});

describe("idempotencyKeySchema", () => {
  it("accepts UUIDs and other visible ASCII tokens up to 255 characters", () => {
    for (const key of ["0b4c6f0e-8d7e-4f55-9a8e-3c2f1d0e9b7a", "x", "a".repeat(255), "k:1/2=3"]) {
      expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    }
  });

  it("refuses empty, over-long, spaced, control or non-ASCII keys", () => {
    for (const key of ["", "a".repeat(256), "two words", "tab\tkey", "nul\u0000", "clé"]) {
      expect(idempotencyKeySchema.safeParse(key).success).toBe(false);
    }
  });
});
