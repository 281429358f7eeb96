import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { findFreePort } from "../../scripts/db/embedded-postgres";
import { E2E_AUDIT_KEY, E2E_CONNECTIONS_KEY } from "../e2e-settings";

/*
 * Another `next start` of the suite's production build on its own port, against the suite's
 * database: a second instance behind a load balancer, or a server to stop and restart.
 */

const projectRoot = path.resolve(import.meta.dirname, "../..");
const nextBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve("next/package.json")),
  "dist/bin/next",
);
// The same secret as the suite's main server (e2e/web-server.ts), so one sign-in cookie is valid
// on every instance, as behind a load balancer.
const E2E_SECRET = "e2e-only-secret-not-for-any-real-deployment";

export type Instance = { origin: string; start(): Promise<void>; stop(): Promise<void> };

/** Another `next start` of the same production build, on its own port, against the suite's database. */
export async function appInstance(): Promise<Instance> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error("E2E_DATABASE_URL is not set (see e2e/global-setup.ts)");
  const port = await findFreePort();
  const origin = `http://localhost:${port}`;
  let child: ChildProcess | undefined;

  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child?.pid) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };

  return {
    origin,
    async start() {
      child = spawn(process.execPath, [nextBin, "start", "-p", String(port)], {
        cwd: projectRoot,
        env: {
          ...process.env,
          NODE_ENV: "production",
          DATABASE_URL: databaseUrl,
          NEXTAUTH_SECRET: E2E_SECRET,
          AUDIT_KEY: E2E_AUDIT_KEY,
          CONNECTIONS_ENCRYPTION_KEY: E2E_CONNECTIONS_KEY,
          NEXTAUTH_URL: origin,
          DEMO_MODE: "true",
          OPENAI_API_KEY: "",
          LOG_LEVEL: "warn",
        },
        stdio: "ignore",
        // Its own process group: `next start` serves from a child the first pid does not take along.
        detached: true,
      });
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const up = await fetch(`${origin}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (up) return;
        await sleep(250);
      }
      throw new Error(`the second instance on ${origin} did not start`);
    },
    async stop() {
      const running = child;
      if (!running?.pid || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      kill("SIGTERM");
      await Promise.race([exited, sleep(5_000)]);
      kill("SIGKILL");
      // Until the port is free again, a restart on it would fail.
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const stillUp = await fetch(`${origin}/api/health`).then(
          () => true,
          () => false,
        );
        if (!stillUp) return;
        await sleep(100);
      }
    },
  };
}
