import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort } from "../ports";
import { projectRoot } from "../project-root";

/*
 * Ctrl+C as a person presses it in the terminal of `npm run dev`: SIGINT to the whole foreground
 * process group, each time a fresh start with its own embedded Postgres (a throwaway data folder),
 * and afterwards no process of that start is left: not the runner, not Next, not Postgres.
 * `dev`, not `start`: the same bootstrap, runner and database, without a production build.
 */

const STARTS = 20;
const READY_DEADLINE_MS = 120_000;
const STOP_DEADLINE_MS = 30_000;

let dataRoot: string;
beforeAll(() => {
  dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), "countersign-sigint-"));
  // Run as root, Postgres runs as the postgres account, which must reach its folder.
  fs.chmodSync(dataRoot, 0o755);
});
afterAll(() => fs.rmSync(dataRoot, { recursive: true, force: true }));

/** Every process below `pid`, from /proc (Linux). */
function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name may hold spaces and parentheses; the fields after its last ")" do not.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Gone while we looked.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForOutput(child: ChildProcess, text: string, deadlineMs: number) {
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "${text}" within ${deadlineMs} ms:\n${output}`)),
      deadlineMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", () => reject(new Error(`exited before "${text}":\n${output}`)));
  });
}

describe("Ctrl+C", () => {
  it(
    `stops the server and then its database, ${STARTS} starts in a row, leaving no process`,
    async () => {
      const dataDir = path.join(dataRoot, "postgres");
      for (let start = 1; start <= STARTS; start++) {
        const child = spawn(process.execPath, ["scripts/bootstrap.mjs", "dev"], {
          cwd: projectRoot,
          // Its own process group, like a terminal's foreground job.
          detached: true,
          stdio: ["ignore", "pipe", "pipe"],
          env: {
            ...process.env,
            DATABASE_URL: "",
            PORT: String(await findFreePort()),
            EMBEDDED_PG_PORT: String(await findFreePort()),
            EMBEDDED_PG_DATA_DIR: dataDir,
            LOG_LEVEL: "warn",
          },
        });
        const exited = once(child, "exit");
        await waitForOutput(child, "Press Ctrl+C to stop", READY_DEADLINE_MS);
        const started = descendantsOf(child.pid ?? 0);
        expect(started.length).toBeGreaterThan(0);

        process.kill(-(child.pid ?? 0), "SIGINT");
        const [code] = (await Promise.race([
          exited,
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error("no exit after SIGINT")), STOP_DEADLINE_MS),
          ),
        ])) as [number | null];

        expect({ start, code }).toEqual({ start, code: 0 });
        expect({ start, left: started.filter(isAlive) }).toEqual({ start, left: [] });
        expect(fs.existsSync(path.join(dataDir, "postmaster.pid"))).toBe(false);
      }
    },
    STARTS * (READY_DEADLINE_MS + STOP_DEADLINE_MS),
  );
});
