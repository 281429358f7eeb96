import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The account Postgres runs as: undefined when we are not root and simply run it as ourselves. */
export type PostgresOwner = { uid: number; gid: number } | undefined;

const OS_USER = "postgres";

/** Postgres refuses to run as root, so as root it runs as a `postgres` account, created if missing. */
export async function resolvePostgresOwner(): Promise<PostgresOwner> {
  if (process.getuid?.() !== 0) return undefined;
  try {
    return await lookUpUser();
  } catch {
    try {
      await run("useradd", ["--system", "--user-group", OS_USER]);
    } catch (error) {
      throw new Error(
        `Postgres cannot run as root and there is no "${OS_USER}" user; creating one with useradd failed. Create it yourself, or run as a normal user, or set DATABASE_URL.\n${String(error)}`,
      );
    }
    return lookUpUser();
  }
}

async function lookUpUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([
    run("id", ["-u", OS_USER]).then(({ stdout }) => Number(stdout.trim())),
    run("id", ["-g", OS_USER]).then(({ stdout }) => Number(stdout.trim())),
  ]);
  return { uid, gid };
}

/**
 * Whether the owner can walk down to `target` (search permission on it and every ancestor).
 * A checkout under a mode-700 home is the usual reason it cannot; ACLs and secondary groups
 * are not considered, which only makes the answer err towards "no".
 */
export async function isReachableBy(owner: PostgresOwner, target: string): Promise<boolean> {
  if (!owner) return true;
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    const stat = await fs.stat(dir);
    const bit = stat.uid === owner.uid ? 0o100 : stat.gid === owner.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return false;
    if (dir === path.dirname(dir)) return true;
  }
}
