import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { projectRoot } from "../project-root";

async function generatedOnce(file: string): Promise<string> {
  const existing = await fs.readFile(file, "utf8").catch(() => "");
  if (existing.trim()) return existing.trim();
  await fs.mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The session-signing secret for local runs when NEXTAUTH_SECRET is not set: generated once and
 * kept under .data/, so sign-ins survive restarts.
 */
export function devAuthSecret(): Promise<string> {
  return generatedOnce(path.join(projectRoot, ".data", "auth-secret"));
}

/**
 * The audit chain's HMAC key for local runs when AUDIT_KEY is not set: generated once under
 * .data/ beside the embedded database, so the chain keeps verifying across restarts.
 */
export function devAuditKey(): Promise<string> {
  return generatedOnce(path.join(projectRoot, ".data", "audit-key"));
}

/**
 * The key that encrypts payment connections' secrets for local runs when
 * CONNECTIONS_ENCRYPTION_KEY is not set: 32 random bytes, generated once under .data/ beside the
 * embedded database that holds what it encrypted.
 */
export function devConnectionsKey(): Promise<string> {
  return generatedOnce(path.join(projectRoot, ".data", "connections-key"));
}
