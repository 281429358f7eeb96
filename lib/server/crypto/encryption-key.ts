/*
 * The 32-byte key of a secret box, written as base64 or base64url (`openssl rand -base64 32`).
 * Only Buffer, no node:crypto: env.ts validates the key with it, and the proxy imports env.ts.
 */

export const ENCRYPTION_KEY_BYTES = 32;

const BASE64_TEXT = /^[A-Za-z0-9+/_-]+={0,2}$/;

// Buffer.from(…, "base64") skips characters it does not know; comparing the canonical forms
// refuses a key with a typo instead of silently using fewer bytes.
function canonical(text: string): string {
  return text.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The key's bytes, or null when the text is not exactly 32 bytes of base64 or base64url. */
export function decodeEncryptionKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!BASE64_TEXT.test(trimmed)) return null;
  const bytes = Buffer.from(canonical(trimmed), "base64url");
  if (bytes.length !== ENCRYPTION_KEY_BYTES) return null;
  if (bytes.toString("base64url") !== canonical(trimmed)) return null;
  return bytes;
}

export function isEncryptionKey(text: string): boolean {
  return decodeEncryptionKey(text) !== null;
}

/** The key's bytes; throws, without echoing the text, when it is not a key. */
export function parseEncryptionKey(text: string): Buffer {
  const bytes = decodeEncryptionKey(text);
  if (!bytes) {
    throw new Error(
      `An encryption key must be ${ENCRYPTION_KEY_BYTES} random bytes written as base64 or base64url, e.g. the output of \`openssl rand -base64 32\`.`,
    );
  }
  return bytes;
}
