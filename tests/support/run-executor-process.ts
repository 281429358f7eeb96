import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import type { FaultPointName } from "@/lib/server/fault-injection";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Executes one pending action in a process of its own (execute-action-process.ts) against the
 * test database, killed at `faultPoint` when one is named (exit 137). `env` adds to the process's
 * environment, e.g. the fake Stripe's URL. Resolves with the exit code and everything printed.
 */
export async function runExecutorProcess(input: {
  databaseUrl: string;
  actionId: string;
  faultPoint?: FaultPointName;
  env?: Record<string, string>;
}): Promise<{ code: number; output: string }> {
  const child = spawn(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "tests/support/execute-action-process.ts",
      input.actionId,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: input.databaseUrl,
        NEXTAUTH_SECRET: "crash-test-secret-crash-test-secret-0000",
        LOG_LEVEL: "silent",
        COUNTERSIGN_FAULT_POINT: input.faultPoint ?? "",
        ...input.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, "exit");
  return { code: code as number, output };
}
