import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { projectRoot } from "../project-root";

const SECRET_FILE = path.join(projectRoot, ".data", "auth-secret");

/**
 * The session-signing secret for local runs when NEXTAUTH_SECRET is not set: generated once and
 * kept under .data/, so sign-ins survive restarts.
 */
export async function devAuthSecret(): Promise<string> {
  const existing = await fs.readFile(SECRET_FILE, "utf8").catch(() => "");
  if (existing.trim()) return existing.trim();
  await fs.mkdir(path.dirname(SECRET_FILE), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  await fs.writeFile(SECRET_FILE, `${secret}\n`, { mode: 0o600 });
  return secret;
}
