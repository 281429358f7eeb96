import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { ENCRYPTION_KEY_BYTES } from "./encryption-key";

/*
 * AES-256-GCM for a secret kept at rest (a payment provider's API key). The sealed text is
 * `v1.<iv>.<tag>.<ciphertext>`, each part base64url: the version lets a later format (or key
 * rotation) tell its own texts apart. A fresh 12-byte IV per seal; the 16-byte tag makes a wrong
 * key and any changed byte fail loudly instead of opening to garbage. The optional context is
 * authenticated but not stored: a ciphertext copied to another row or field does not open there.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = "aes-256-gcm";

export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

function checkKey(key: Uint8Array): void {
  if (key.length !== ENCRYPTION_KEY_BYTES) {
    throw new SecretBoxError(`The encryption key must be ${ENCRYPTION_KEY_BYTES} bytes.`);
  }
}

export function sealSecret(key: Uint8Array, secret: string, context = ""): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"));
  return [VERSION, ...parts].join(".");
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodePart(part: string | undefined, bytes?: number): Buffer | null {
  if (part === undefined || !BASE64URL.test(part)) return null;
  const decoded = Buffer.from(part, "base64url");
  if (decoded.toString("base64url") !== part) return null;
  if (bytes !== undefined && decoded.length !== bytes) return null;
  return decoded;
}

export function openSecret(key: Uint8Array, sealed: string, context = ""): string {
  checkKey(key);
  const [version, ...parts] = sealed.split(".");
  if (version !== VERSION) {
    throw new SecretBoxError(
      parts.length === 3
        ? `The sealed secret has format ${JSON.stringify(version)}; this build reads ${VERSION}.`
        : "The text is not a sealed secret.",
    );
  }
  const iv = decodePart(parts[0], IV_BYTES);
  const tag = decodePart(parts[1], TAG_BYTES);
  const ciphertext = decodePart(parts[2]);
  if (parts.length !== 3 || !iv || !tag || !ciphertext) {
    throw new SecretBoxError("The sealed secret is malformed.");
  }
  const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretBoxError(
      "The sealed secret does not open: it was sealed under another key, or it was changed.",
    );
  }
}
