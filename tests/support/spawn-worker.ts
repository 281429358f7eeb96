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

/**
 * Story 13's crash: a worker starts "crash after refund" and the customer's "yes" is taken by a
 * second worker that is killed after the payment provider paid and before the refund was
 * recorded, so the action is left `executing` with its outcome known only to the provider.
 */
export async function crashAfterPayment(
  databaseUrl: string,
): Promise<{ conversationId: string; sessionId: string }> {
  const started = await spawnWorker(["start-story", "crash-after-refund"], { databaseUrl });
  if (started.code !== 0) throw new Error(`the story did not start: ${started.stderr}`);
  const { conversationId, sessionId } = started.output as {
    conversationId: string;
    sessionId: string;
  };
  const crashed = await spawnWorker(["say", conversationId, sessionId, "yes"], {
    databaseUrl,
    faultPoint: "after_payment_before_record",
  });
  if (crashed.code !== 137) throw new Error(`the worker was not killed: ${crashed.stderr}`);
  return { conversationId, sessionId };
}
