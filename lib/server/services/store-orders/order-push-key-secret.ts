import "server-only";
import { randomBytes } from "node:crypto";
import { openSecret, sealSecret } from "@/lib/server/crypto/secret-box";

/*
 * A workspace's orders API signing key, at rest. Sealed under its workspace, so a ciphertext
 * copied into another workspace's row does not open there (the payment connections' rule).
 */

const PREFIX = "cs_orders_";

function sealContext(workspaceId: string): string {
  return `order_push_key/${workspaceId}`;
}

/** 32 random bytes, base64url, behind a prefix that says what the key is for. */
export function newOrderPushSecret(): string {
  return `${PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function sealOrderPushSecret(key: Uint8Array, workspaceId: string, secret: string): string {
  return sealSecret(key, secret, sealContext(workspaceId));
}

export function openOrderPushSecret(key: Uint8Array, workspaceId: string, sealed: string): string {
  return openSecret(key, sealed, sealContext(workspaceId));
}
