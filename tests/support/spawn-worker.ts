import { spawn } from "node:child_process";
import path from "node:path";

export type WorkerExit = {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: Record<string, unknown> | null;
  stderr: string;
};

export type SpawnWorkerOptions = {
  databaseUrl: string;
  /** Dies at this named point like a kill -9 (lib/server/fault-injection.ts). */
  faultPoint?: string;
  /** SIGKILL this long after the worker said it is ready (its first stdout line). */
  killAfterReadyMs?: number;
};

const root = path.resolve(import.meta.dirname, "../..");

// A real second process running the app's code (node + tsx): tests/support/run-worker.ts.
export function spawnWorker(args: string[], options: SpawnWorkerOptions): Promise<WorkerExit> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "tests/support/run-worker.ts", ...args],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: options.databaseUrl,
          NEXTAUTH_SECRET: "crash-test-secret-crash-test-secret-0000",
          LOG_LEVEL: "silent",
          OPENAI_API_KEY: "",
          COUNTERSIGN_FAULT_POINT: options.faultPoint ?? "",
        },
      },
    );
    let stdout = "";
    let stderr = "";
    let killTimer: NodeJS.Timeout | undefined;
    child.stdout.on("data", (chunk) => {
      const first = stdout === "";
      stdout += chunk;
      if (first && options.killAfterReadyMs !== undefined) {
        killTimer = setTimeout(() => child.kill("SIGKILL"), options.killAfterReadyMs);
      }
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(killTimer);
      const last = stdout.trim().split("\n").at(-1);
      resolve({
        code,
        signal,
        output: code === 0 && last ? JSON.parse(last) : null,
        stderr,
      });
    });
  });
}
