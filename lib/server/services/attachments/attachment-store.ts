import "server-only";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getServerEnv } from "@/lib/server/env";

/*
 * The attachments' bytes, outside the database, in one folder keyed by content: a file's name is
 * the sha256 of its bytes (in a subfolder named by its first two hex digits), so the same photo
 * sent twice is stored once and a stored file can never be swapped without its name changing.
 * A file is written to a temporary name, flushed to disk, then renamed into place (atomic on one
 * file system), and the folder is flushed so the rename survives a crash.
 */

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** ATTACHMENTS_DIR, or `.data/attachments` in the app's folder (where `npm start` keeps its data). */
export function attachmentsDir(): string {
  // A folder chosen at run time, never part of the build: the bundler must not trace it.
  return path.resolve(
    /*turbopackIgnore: true*/ getServerEnv().ATTACHMENTS_DIR ??
      path.join(/*turbopackIgnore: true*/ process.cwd(), ".data", "attachments"),
  );
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function pathOf(dir: string, sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error("Not a sha256 digest");
  return path.join(dir, sha256.slice(0, 2), sha256);
}

/** Stores the bytes under their sha256 and returns it; storing the same bytes again is a no-op. */
export async function storeAttachmentBytes(
  bytes: Uint8Array,
  dir: string = attachmentsDir(),
): Promise<string> {
  const sha256 = sha256Hex(bytes);
  const target = pathOf(dir, sha256);
  const folder = path.dirname(target);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  if (await exists(target)) return sha256;
  const temporary = path.join(folder, `.${sha256}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await fs.open(temporary, "wx", 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(folder);
  return sha256;
}

/** The stored bytes, or null when no file has that digest. */
export async function readAttachmentBytes(
  sha256: string,
  dir: string = attachmentsDir(),
): Promise<Buffer | null> {
  try {
    return await fs.readFile(pathOf(dir, sha256));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
