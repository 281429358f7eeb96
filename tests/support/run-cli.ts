import { spawn } from "node:child_process";
import path from "node:path";

/** Runs the operator CLI as its own process (`npx countersign …`) and collects output. */

const root = path.resolve(import.meta.dirname, "../..");

export type CliResult = { code: number | null; stdout: string; stderr: string };

export function runCli(
  args: string[],
  options: { databaseUrl: string; password?: string; stdin?: string; env?: Record<string, string> },
): Promise<CliResult> {
  return new Promise<CliResult>((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/cli/countersign.mjs", ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: options.databaseUrl,
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        ...(process.env.AUDIT_KEY && { AUDIT_KEY: process.env.AUDIT_KEY }),
        ...(process.env.CONNECTIONS_ENCRYPTION_KEY && {
          CONNECTIONS_ENCRYPTION_KEY: process.env.CONNECTIONS_ENCRYPTION_KEY,
        }),
        ...(options.password !== undefined && { COUNTERSIGN_PASSWORD: options.password }),
        ...options.env,
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? "");
  });
}
