import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeEncryptionKey, parseEncryptionKey } from "./encryption-key";
import { openSecret, SecretBoxError, sealSecret } from "./secret-box";

const key = randomBytes(32);
const otherKey = randomBytes(32);
const keyBytes = fc.uint8Array({ minLength: 32, maxLength: 32 });

describe("sealSecret / openSecret", () => {
  it("opens what it sealed, for any text, key and context", () => {
    fc.assert(
      fc.property(
        keyBytes,
        fc.string({ unit: "grapheme" }),
        fc.string(),
        (bytes, secret, context) => {
          expect(openSecret(bytes, sealSecret(bytes, secret, context), context)).toBe(secret);
        },
      ),
    );
  });

  it("refuses a sealed text with any one byte of its binary parts changed", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (secret, at, flip) => {
          const [version, ...parts] = sealSecret(key, secret).split(".");
          const bytes = Buffer.concat(parts.map((part) => Buffer.from(part, "base64url")));
          const index = at % bytes.length;
          bytes[index] = (bytes[index] as number) ^ flip;
          const tampered = [
            version,
            bytes.subarray(0, 12).toString("base64url"),
            bytes.subarray(12, 28).toString("base64url"),
            bytes.subarray(28).toString("base64url"),
          ].join(".");
          expect(() => openSecret(key, tampered)).toThrow(SecretBoxError);
        },
      ),
    );
  });

  it("refuses any changed character of the sealed text", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.nat(),
        fc.constantFrom(..."AZaz09-_.x"),
        (secret, at, replacement) => {
          const sealed = sealSecret(key, secret);
          const index = at % sealed.length;
          fc.pre(sealed[index] !== replacement);
          const tampered = sealed.slice(0, index) + replacement + sealed.slice(index + 1);
          expect(() => openSecret(key, tampered)).toThrow(SecretBoxError);
        },
      ),
    );
  });

  it("names a wrong key, another context, a foreign format and a non-sealed text", () => {
    const sealed = sealSecret(key, "sk_test_abcdef", "row-1/secret_key");
    expect(() => openSecret(otherKey, sealed, "row-1/secret_key")).toThrow(
      "sealed under another key, or it was changed",
    );
    expect(() => openSecret(key, sealed, "row-2/secret_key")).toThrow(
      "sealed under another key, or it was changed",
    );
    expect(() => openSecret(key, sealed.replace(/^v1/, "v9"))).toThrow('has format "v9"');
    expect(() => openSecret(key, "sk_test_abcdef")).toThrow("not a sealed secret");
    expect(() => openSecret(key, "v1.AAAA.BBBB")).toThrow("malformed");
  });

  it("never holds the secret in the sealed text, and seals the same secret differently each time", () => {
    const first = sealSecret(key, "sk_live_1234567890abcdef");
    expect(first).not.toContain("sk_live");
    expect(first).not.toContain(Buffer.from("sk_live_1234567890abcdef").toString("base64url"));
    expect(sealSecret(key, "sk_live_1234567890abcdef")).not.toBe(first);
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => sealSecret(randomBytes(16), "x")).toThrow("must be 32 bytes");
  });
});

describe("parseEncryptionKey", () => {
  it("reads 32 bytes written as base64 or base64url, with or without padding", () => {
    fc.assert(
      fc.property(keyBytes, (bytes) => {
        const base64 = Buffer.from(bytes).toString("base64");
        for (const text of [
          base64,
          base64.replace(/=+$/, ""),
          Buffer.from(bytes).toString("base64url"),
        ]) {
          expect(parseEncryptionKey(text).equals(Buffer.from(bytes))).toBe(true);
        }
      }),
    );
  });

  it.each([
    ["too short", randomBytes(16).toString("base64")],
    ["too long", randomBytes(48).toString("base64")],
    ["a passphrase", "correct horse battery staple correct horse"],
    [
      "a typo inside",
      `${randomBytes(32).toString("base64url").slice(0, 20)}!${randomBytes(32).toString("base64url").slice(21)}`,
    ],
    ["hex", randomBytes(32).toString("hex")],
  ])("refuses %s, without echoing it", (_, text) => {
    expect(decodeEncryptionKey(text)).toBeNull();
    expect(() => parseEncryptionKey(text)).toThrow("32 random bytes");
    try {
      parseEncryptionKey(text);
    } catch (error) {
      expect(String(error)).not.toContain(text);
    }
  });
});
