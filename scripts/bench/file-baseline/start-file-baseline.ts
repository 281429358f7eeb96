import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import type { FileBaselineSeed } from "./seed";

/*
 * Starts the file baseline's server (server.ts) in a Node process of its own, in its own
 * process group, with the seed as a file and a fresh directory for the runs' state files.
 */

const serverScript = path.join(import.meta.dirname, "server.ts");
const projectRoot = path.resolve(import.meta.dirname, "../../..");

export type FileBaselineServer = { origin: string; stop(): Promise<void> };

export async function startFileBaseline(
  seed: FileBaselineSeed,
  modelEnv: Record<string, string>,
): Promise<FileBaselineServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "countersign-file-baseline-"));
  const seedPath = path.join(dir, "seed.json");
  await writeFile(seedPath, JSON.stringify(seed));
  const stateDir = path.join(dir, "runs");
  await mkdir(stateDir);
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", serverScript, "--seed", seedPath, "--dir", stateDir],
    {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: "production", ...modelEnv },
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
        await Promise.race([exited, sleep(5_000)]);
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    await rm(dir, { recursive: true, force: true });
  };
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  const port = await Promise.race([
    new Promise<number>((resolve) => {
      lines.on("line", (line) => {
        const match = /^listening (\d+)$/.exec(line);
        if (match) resolve(Number(match[1]));
      });
    }),
    exited.then(() => {
      throw new Error("the file baseline exited before listening");
    }),
    new Promise<never>((_, reject) => {
      setTimeout(
        () => reject(new Error("the file baseline did not listen within 30 s")),
        30_000,
      ).unref();
    }),
  ]).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { origin: `http://127.0.0.1:${port}`, stop };
}
