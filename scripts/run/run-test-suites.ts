import { spawn } from "node:child_process";
import { once } from "node:events";
import { projectRoot } from "../project-root";
import { packageBin } from "./package-bin";

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
}

/*
 * The db suite runs off UTC, app and Postgres alike (tests/db/global-setup.ts gives Postgres the
 * process's zone): the whole suite east of UTC, where a lease read in the wrong zone looks hours
 * too long, and the files about leases, expiry and the outbox again west of it, where it looks
 * lapsed. A zone bug then fails `npm test` instead of a deployment in another region.
 */
export const DB_SUITE_TIME_ZONE = "Asia/Tokyo";
export const TIME_FILES_SECOND_ZONE = "America/New_York";
export const TIME_SENSITIVE_DB_TESTS = [
  "lib/server/database-session.db.test.ts",
  "lib/server/services/runs/",
  "lib/server/services/email/outbox.db.test.ts",
];

/**
 * `npm test`: lint and formatting, the type check, unit tests, database tests, the production
 * build, then the browser tests against it. Stops at the first failure; prints one summary line per step either way.
 */
export async function runTestSuites(): Promise<number> {
  const vitest = packageBin("vitest");
  const steps: Step[] = [
    { name: "lint", command: [packageBin("@biomejs/biome", "biome"), "check", "."] },
    { name: "typecheck", command: [packageBin("typescript", "tsc"), "--noEmit", "-p", "."] },
    { name: "unit", command: [vitest, "run", "--project", "unit"] },
    {
      name: `db (${DB_SUITE_TIME_ZONE})`,
      command: [vitest, "run", "--project", "db"],
      env: { TZ: DB_SUITE_TIME_ZONE },
    },
    {
      name: `db leases and expiry (${TIME_FILES_SECOND_ZONE})`,
      command: [vitest, "run", "--project", "db", ...TIME_SENSITIVE_DB_TESTS],
      env: { TZ: TIME_FILES_SECOND_ZONE },
    },
    { name: "build", command: [packageBin("next"), "build"] },
    { name: "e2e", command: [packageBin("@playwright/test", "playwright"), "test"] },
  ];

  const summary: string[] = [];
  let exitCode = 0;
  for (const step of steps) {
    if (exitCode !== 0) {
      summary.push(`  -  ${step.name}: skipped`);
      continue;
    }
    console.log(`\n=== ${step.name} ===`);
    const started = performance.now();
    exitCode = await runNode(step.command, step.env);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    summary.push(
      `  ${exitCode === 0 ? "ok" : "FAIL"}  ${step.name}: ${seconds} s${exitCode === 0 ? "" : ` (exit ${exitCode})`}`,
    );
  }
  console.log(`\nTest summary:\n${summary.join("\n")}`);
  return exitCode;
}

async function runNode(args: string[], env: Record<string, string> = {}): Promise<number> {
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return code ?? 1;
}
