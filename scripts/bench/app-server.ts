import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const thisCheckout = path.resolve(import.meta.dirname, "../..");

/*
 * The production server, as `npm start` runs it, for the benches: in its own process group (a
 * cluster's workers would outlive a signal to the first pid), on a free loopback port, against
 * the bench database. Needs a build: `npm run build` first.
 */

// Bench servers stay in one known range, clear of dev (3000) and e2e (3100) servers.
const BENCH_PORTS = { from: 3400, to: 3499 };

async function freePortInRange(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "localhost", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${from}-${to}`);
}

/** The audit chain's key in bench servers, so a bench can verify the chain they wrote. */
export const BENCH_AUDIT_KEY = "bench-only-audit-key-bench-only-audit-key-0000";
export const BENCH_CONNECTIONS_KEY = Buffer.from("bench-only-connections-key-00000").toString(
  "base64url",
);

export type BenchApp = {
  origin: string;
  port: number;
  /** Resolves when the server's process has exited, however it ended. */
  exited: Promise<void>;
  /** The server's process group (Next's server runs in a child), for CPU accounting. */
  processGroup: number;
  stop(): Promise<void>;
};

export type BenchAppOptions = {
  /** Extra environment for this server, e.g. a fault point for the recovery bench. */
  env?: Record<string, string>;
  /** Server processes sharing the port, as WEB_CONCURRENCY gives `npm start`. */
  processes?: number;
  /**
   * The checkout whose production build is served: this one by default, or another commit's
   * (with the same database schema) to measure it back to back on the same machine.
   */
  root?: string;
};

export async function startBenchApp(
  databaseUrl: string,
  secret: string,
  options: BenchAppOptions = {},
): Promise<BenchApp> {
  const { env = {}, processes = 1 } = options;
  const projectRoot = path.resolve(options.root ?? thisCheckout);
  // The checkout's own Next.js serves its build.
  const nextBin = path.join(
    path.dirname(
      createRequire(path.join(projectRoot, "package.json")).resolve("next/package.json"),
    ),
    "dist/bin/next",
  );
  if (!fs.existsSync(path.join(projectRoot, ".next", "BUILD_ID"))) {
    throw new Error(`No production build found in ${projectRoot}. Run \`npm run build\` first.`);
  }
  const port = await freePortInRange(BENCH_PORTS.from, BENCH_PORTS.to);
  const origin = `http://localhost:${port}`;
  // BENCH_CPU_PROF_DIR: write a V8 CPU profile of the server there when it stops.
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  // The checkout's production server as `npm start` runs it; an older checkout ran `next start`.
  const productionServer = path.join(projectRoot, "scripts", "run", "next-server.mjs");
  const serverArgs = fs.existsSync(productionServer)
    ? [productionServer, "-p", String(port)]
    : [nextBin, "start", "-p", String(port)];
  const nextArgs = [...profile, ...serverArgs];
  const clusterScript = path.join(projectRoot, "scripts", "run", "next-cluster.mjs");
  const args = processes > 1 ? [clusterScript, String(processes), ...nextArgs] : nextArgs;
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      NEXTAUTH_SECRET: secret,
      AUDIT_KEY: BENCH_AUDIT_KEY,
      CONNECTIONS_ENCRYPTION_KEY: BENCH_CONNECTIONS_KEY,
      NEXTAUTH_URL: origin,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
      ...env,
    },
    stdio: ["ignore", process.env.BENCH_LOG_LEVEL ? "inherit" : "ignore", "inherit"],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    await Promise.race([exited, sleep(5_000)]);
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  };
  process.once("exit", () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  });

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { origin, port, exited, stop, processGroup: child.pid as number };
    await sleep(250);
  }
  await stop();
  throw new Error("the server did not answer /api/health within 60 s");
}

export function benchSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Signs a staff member in through next-auth's credentials endpoint; returns the Cookie header. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair?.indexOf("=") ?? -1;
      if (pair && index > 0) jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  const csrfResponse = await fetch(`${origin}/api/auth/csrf`);
  remember(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: header() },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  remember(response);
  if (![...jar.keys()].some((name) => name.includes("session-token"))) {
    throw new Error(`Sign-in as ${email} failed (${response.status})`);
  }
  return header();
}
