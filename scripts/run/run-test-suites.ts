import { spawn } from "node:child_process";
import { once } from "node:events";
import { projectRoot } from "../project-root";
import { packageBin } from "./package-bin";

interface Step {
  name: string;
  command: string[];
}

/**
 * `npm test`: lint and formatting, unit tests, database tests, the production build, then the
 * browser tests against it. Stops at the first failure; prints one summary line per step either way.
 */
export async function runTestSuites(): Promise<number> {
  const steps: Step[] = [
    { name: "lint", command: [packageBin("@biomejs/biome", "biome"), "check", "."] },
    { name: "unit", command: [packageBin("vitest"), "run", "--project", "unit"] },
    { name: "db", command: [packageBin("vitest"), "run", "--project", "db"] },
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
    exitCode = await runNode(step.command);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    summary.push(
      `  ${exitCode === 0 ? "ok" : "FAIL"}  ${step.name}: ${seconds} s${exitCode === 0 ? "" : ` (exit ${exitCode})`}`,
    );
  }
  console.log(`\nTest summary:\n${summary.join("\n")}`);
  return exitCode;
}

async function runNode(args: string[]): Promise<number> {
  const child = spawn(process.execPath, args, { cwd: projectRoot, stdio: "inherit" });
  const [code] = (await once(child, "exit")) as [number | null];
  return code ?? 1;
}
