import "server-only";
import { parseEncryptionKey } from "@/lib/server/crypto/encryption-key";
import { getServerEnv } from "@/lib/server/env";

let key: Buffer | undefined;

/** CONNECTIONS_ENCRYPTION_KEY's bytes, for the edges that seal or open connection secrets. */
export function connectionsEncryptionKey(): Buffer {
  key ??= parseEncryptionKey(getServerEnv().CONNECTIONS_ENCRYPTION_KEY);
  return key;
}
