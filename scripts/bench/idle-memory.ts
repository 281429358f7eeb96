import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_STORIES } from "@/lib/server/services/intake/demo-stories";
import { DEMO_STAFF, DEMO_WORKSPACE } from "@/prisma/demo-data";
import { findFreePort } from "../ports";
import { projectRoot } from "../project-root";
import { BENCH_AUDIT_KEY, BENCH_CONNECTIONS_KEY, benchSecret, signIn } from "./app-server";
import { type ProcessRole, redundantProcesses, roleOf } from "./process-roles";
import { type ProcessMemory, processTree } from "./process-tree";
import { describeLoad, describeMachine } from "./support";

/*
 * bench:idle: `npm start` as a newcomer runs it (the production build, the embedded Postgres, here
 * in a throwaway folder), a first round of the requests a day begins with (the login page, a
 * sign-in, a story started, the inbox, the ticket, an API call, the widget page, a live stream
 * opened and closed), then the memory of every process once the app is idle. Exits 1 when a
 * server process holds more than 150 MiB or a process is there for nothing (process-roles.ts).
 * A stale build is rebuilt first, as `npm start` would.
 */

const SERVER_LIMIT_BYTES = 150 * 2 ** 20;
const HEALTHY_WITHIN_MS = 15 * 60_000;
// V8 gives back its young generation once allocation has been low for a while, not at once.
const IDLE_AT_LEAST_MS = 60_000;
const IDLE_AT_MOST_MS = 120_000;
/** Idle: the servers' RSS moved less than this over the last window. */
const STEADY_BYTES = 2 ** 20;
const STEADY_WINDOW_MS = 10_000;

const mib = (bytes: number | null) =>
  bytes === null ? "n/a" : `${(bytes / 2 ** 20).toFixed(1)} MiB`;

console.log(`Machine: ${describeMachine()}`);
const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), "countersign-bench-idle-"));
// mkdtemp makes it 0700; as root, the postgres account must be able to enter it.
fs.chmodSync(dataRoot, 0o755);
// A port the system picks, not the bench range: another checkout's bench may take the first free
// port of the range between our look and npm start's, and answer our health checks.
const port = await findFreePort();
const origin = `http://localhost:${port}`;
const logFile = path.join(dataRoot, "npm-start.log");
const log = fs.openSync(logFile, "w");
const { DATABASE_URL: _external, ...inherited } = process.env;
const startedAt = performance.now();
const app = spawn("npm", ["start"], {
  cwd: projectRoot,
  env: {
    ...inherited,
    PORT: String(port),
    EMBEDDED_PG_DATA_DIR: path.join(dataRoot, "postgres"),
    EMBEDDED_PG_PORT: String(await findFreePort()),
    NEXTAUTH_SECRET: benchSecret(),
    NEXTAUTH_URL: origin,
    AUDIT_KEY: BENCH_AUDIT_KEY,
    CONNECTIONS_ENCRYPTION_KEY: BENCH_CONNECTIONS_KEY,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
  },
  stdio: ["ignore", log, log],
  detached: true,
});
const exited = new Promise<number | null>((resolve) => app.once("exit", (code) => resolve(code)));
process.once("exit", () => {
  try {
    if (app.pid) process.kill(-app.pid, "SIGKILL");
  } catch {
    // Gone already.
  }
  fs.rmSync(dataRoot, { recursive: true, force: true });
});

try {
  const healthyAfterMs = await waitUntilHealthy();
  console.log(
    `npm start answered /api/health after ${(healthyAfterMs / 1000).toFixed(1)} s (build present)`,
  );
  const requests = await firstRound();
  console.log(`First round: ${requests.join(", ")}`);
  const idleAfterMs = await waitForIdle();
  const tree = processTree(app.pid as number).map((process) => ({
    ...process,
    role: roleOf(process.command),
  }));
  console.log(`\nIdle after ${(idleAfterMs / 1000).toFixed(0)} s; ${describeLoad()}\n`);
  printTable(tree.filter((process) => process.role !== "postgres"));
  const postgres = tree.filter((process) => process.role === "postgres");
  console.log(
    `\nPostgres: ${postgres.length} processes, RSS ${mib(sum(postgres, "rssBytes"))}, PSS ${mib(sum(postgres, "pssBytes"))} (shared buffers are counted in each RSS)`,
  );
  const heavy = tree.filter(
    (process) => process.role === "server" && process.rssBytes > SERVER_LIMIT_BYTES,
  );
  const redundant = redundantProcesses(tree);
  for (const process of heavy) {
    console.log(
      `FAIL: server process ${process.pid} holds ${mib(process.rssBytes)} (limit 150 MiB)`,
    );
  }
  for (const finding of redundant) console.log(`FAIL: ${finding}`);
  const stop = await stopLikeCtrlC();
  console.log(
    `\nCtrl+C: everything stopped after ${(stop.ms / 1000).toFixed(1)} s, npm ended by ${stop.code ?? "the signal"}`,
  );
  process.exitCode = heavy.length > 0 || redundant.length > 0 ? 1 : 0;
} catch (error) {
  console.error((error as Error).message);
  console.error(`Last lines of npm start:\n${tail(logFile, 30)}`);
  process.exitCode = 1;
}

async function waitUntilHealthy(): Promise<number> {
  let done = false;
  void exited.then(() => {
    done = true;
  });
  while (!done && performance.now() - startedAt < HEALTHY_WITHIN_MS) {
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    const ours = processTree(app.pid as number).some(
      (process) => roleOf(process.command) === "server",
    );
    if (ok && ours && app.exitCode === null) return performance.now() - startedAt;
    await sleep(500);
  }
  throw new Error(done ? "npm start exited before it answered" : "npm start never answered");
}

/** The requests of a first working minute; each must succeed. Returns "path status" for each. */
async function firstRound(): Promise<string[]> {
  const done: string[] = [];
  const call = async (target: string, init: RequestInit = {}) => {
    const response = await fetch(`${origin}${target}`, { ...init, redirect: "manual" });
    const body = await response.text();
    done.push(`${init.method ?? "GET"} ${target.split("?")[0]} ${response.status}`);
    if (!response.ok)
      throw new Error(`${target} answered ${response.status}: ${body.slice(0, 200)}`);
    return body;
  };
  await call("/login");
  const agent = DEMO_STAFF.find((staff) => staff.email.startsWith("agent@")) ?? DEMO_STAFF[0];
  if (!agent) throw new Error("no demo staff");
  const cookie = await signIn(origin, agent.email, agent.password);
  const headers = { Cookie: cookie, Origin: origin };
  const story = JSON.parse(
    await call("/api/stories", {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ storyKey: DEMO_STORIES[0]?.key }),
    }),
  ) as { conversationId: string };
  await call("/inbox", { headers });
  await call(`/conversations/${story.conversationId}`, { headers });
  await call("/api/inbox", { headers });
  await call(`/widget?workspace=${DEMO_WORKSPACE.key}`);
  await openLiveStream(headers);
  done.push("GET /api/events (opened, first frame, closed)");
  return done;
}

async function openLiveStream(headers: Record<string, string>): Promise<void> {
  const abort = new AbortController();
  const response = await fetch(`${origin}/api/events`, { headers, signal: abort.signal });
  if (!response.ok || !response.body) throw new Error(`/api/events answered ${response.status}`);
  await response.body.getReader().read();
  abort.abort();
}

/** Waits at least 60 s, then until the servers' RSS holds steady; returns the time waited. */
async function waitForIdle(): Promise<number> {
  const began = performance.now();
  const samples: Array<{ at: number; bytes: number }> = [];
  while (performance.now() - began < IDLE_AT_MOST_MS) {
    const servers = processTree(app.pid as number).filter(
      (process) => roleOf(process.command) === "server",
    );
    const now = performance.now();
    samples.push({ at: now, bytes: sum(servers, "rssBytes") ?? 0 });
    const window = samples.filter((sample) => sample.at >= now - STEADY_WINDOW_MS);
    const values = window.map((sample) => sample.bytes);
    const steady =
      now - began >= IDLE_AT_LEAST_MS &&
      (window[0]?.at ?? now) <= now - STEADY_WINDOW_MS + 2_000 &&
      Math.max(...values) - Math.min(...values) < STEADY_BYTES;
    if (steady) break;
    await sleep(1_000);
  }
  return performance.now() - began;
}

function printTable(rows: Array<ProcessMemory & { role: ProcessRole }>): void {
  console.log(
    `${"pid".padStart(7)}  ${"role".padEnd(16)}${"RSS".padStart(11)}${"PSS".padStart(11)}  command`,
  );
  for (const row of rows) {
    console.log(
      `${String(row.pid).padStart(7)}  ${row.role.padEnd(16)}${mib(row.rssBytes).padStart(11)}${mib(row.pssBytes).padStart(11)}  ${shorten(row.command)}`,
    );
  }
  console.log(
    `${"".padStart(7)}  ${"total".padEnd(16)}${mib(sum(rows, "rssBytes")).padStart(11)}${mib(sum(rows, "pssBytes")).padStart(11)}`,
  );
}

function shorten(command: string): string {
  return command.replaceAll(`${projectRoot}/`, "").slice(0, 90);
}

function sum(rows: ProcessMemory[], field: "rssBytes" | "pssBytes"): number | null {
  if (rows.some((row) => row[field] === null)) return null;
  return rows.reduce((total, row) => total + (row[field] ?? 0), 0);
}

/** SIGINT to the whole group, as a terminal sends it; the time until npm has exited. */
async function stopLikeCtrlC(): Promise<{ ms: number; code: number | null }> {
  const began = performance.now();
  process.kill(-(app.pid as number), "SIGINT");
  const code = await Promise.race([exited, sleep(60_000).then(() => Number.NaN)]);
  if (Number.isNaN(code)) throw new Error("npm start did not stop within 60 s of a Ctrl+C");
  return { ms: performance.now() - began, code };
}

function tail(file: string, lines: number): string {
  return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
}
