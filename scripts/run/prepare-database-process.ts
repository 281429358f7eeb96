import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { projectRoot } from "../project-root";

const ENTRY = path.join(projectRoot, "scripts", "run", "prepare-database-main.ts");

/*
 * prepareDatabase (migrations, the job queues' tables, the seed) in a process of its own that ends
 * when done: the schema engine's WebAssembly, pg-boss and the rest would otherwise stay in the
 * process that supervises Next for as long as the app runs (bench:idle). It runs in our process
 * group, so a Ctrl+C meanwhile stops it too.
 */
export async function prepareDatabaseInChild(databaseUrl: string): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: "inherit",
  });
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    throw new Error(`Preparing the database failed (${signal ?? `exit ${code}`}).`);
  }
}
