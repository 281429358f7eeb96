import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "../project-root";
import { exitCodeFor, onStopSignal } from "../run/stop-signals";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded-postgres";
import { isReachableBy, resolvePostgresOwner } from "./postgres-owner";

const DEV_DATABASE = "countersign";
const DEFAULT_DEV_PORT = 54329;

/** The persistent Postgres that `npm start`, `npm run dev` and the db:* commands share. */
export async function startDevPostgres(): Promise<EmbeddedPostgres> {
  return startEmbeddedPostgres({
    dataDir: process.env.EMBEDDED_PG_DATA_DIR || (await devDataDir()),
    port: Number(process.env.EMBEDDED_PG_PORT ?? DEFAULT_DEV_PORT),
    database: DEV_DATABASE,
    localSocket: true,
  });
}

/**
 * Runs `work` against DATABASE_URL when it is set, otherwise against the dev embedded Postgres,
 * started for the occasion (or reused if already running) and stopped afterwards.
 */
export async function withDatabase<T>(work: (databaseUrl: string) => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) return work(process.env.DATABASE_URL);
  const server = await startDevPostgres();
  // Postgres runs in its own process group, so a Ctrl+C here would otherwise leave it running.
  const unsubscribe = onStopSignal((signal) => {
    void server.stop().finally(() => process.exit(exitCodeFor(signal)));
  });
  try {
    return await work(server.url);
  } finally {
    unsubscribe();
    await server.stop();
  }
}

/**
 * `.data/postgres` in the checkout, unless the postgres account (used when running as root) cannot
 * reach the checkout, as under root's mode-700 home: then a folder per checkout under the temp dir.
 */
async function devDataDir(): Promise<string> {
  const preferred = path.join(projectRoot, ".data", "postgres");
  const owner = await resolvePostgresOwner();
  if (await isReachableBy(owner, projectRoot)) return preferred;
  const checkoutId = createHash("sha256").update(projectRoot).digest("hex").slice(0, 12);
  const fallbackRoot = path.join(os.tmpdir(), `countersign-${checkoutId}`);
  await fs.mkdir(fallbackRoot, { recursive: true, mode: 0o755 });
  const stat = await fs.lstat(fallbackRoot);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.()) {
    throw new Error(`${fallbackRoot} is not a folder of ours; remove it, or set DATABASE_URL.`);
  }
  console.error(
    `The postgres account cannot reach ${projectRoot}, so the embedded database lives in ${fallbackRoot} instead.`,
  );
  return path.join(fallbackRoot, "postgres");
}
