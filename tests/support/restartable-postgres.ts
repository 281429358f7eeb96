import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  type EmbeddedPostgres,
  findFreePort,
  startEmbeddedPostgres,
} from "@/scripts/db/embedded-postgres";
import { applyMigrations } from "@/scripts/db/schema-engine";

/*
 * A migrated Postgres of one test file's own, on a fixed data folder and port, so the test can
 * stop it and start it again like a real database restart without disturbing the shared test
 * database other files use.
 */
export type RestartablePostgres = {
  url: string;
  /** Stops the server (its sessions are ended, as in a fast shutdown). */
  stop(): Promise<void>;
  /** Starts it again on the same data and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  dispose(): Promise<void>;
};

export async function startRestartablePostgres(database: string): Promise<RestartablePostgres> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "countersign-restart-pg-"));
  await fs.chmod(root, 0o755);
  const options = { dataDir: path.join(root, "data"), port: await findFreePort(), database };
  let server: EmbeddedPostgres | null = await startEmbeddedPostgres(options);
  await applyMigrations(server.url);
  const url = server.url;
  const stop = async () => {
    await server?.stop();
    server = null;
  };
  return {
    url,
    stop,
    async start() {
      server ??= await startEmbeddedPostgres(options);
    },
    async dispose() {
      await stop();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
