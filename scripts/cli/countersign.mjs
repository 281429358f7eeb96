#!/usr/bin/env node
// `npx countersign <command>`: the operator CLI with nothing but its own output on stdout (npm run
// prints its banner there first). It runs scripts/cli/main.ts under tsx with the server's
// conditions, in a child that inherits the terminal, and exits as the child did.
import { spawnSync } from "node:child_process";
import path from "node:path";

const main = path.join(import.meta.dirname, "main.ts");
const { status, signal, error } = spawnSync(
  process.execPath,
  ["--conditions=react-server", "--import", "tsx", main, ...process.argv.slice(2)],
  { stdio: "inherit", cwd: process.cwd() },
);
if (error) {
  console.error(`countersign: could not start the CLI: ${error.message}`);
  process.exit(1);
}
if (signal) process.kill(process.pid, signal);
process.exit(status ?? 1);
