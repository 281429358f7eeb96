import { spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { isPortFree } from "../ports";
import { projectRoot } from "../project-root";
import { packageBin } from "./package-bin";
import { onStopSignal } from "./stop-signals";

export interface SuperviseNextOptions {
  command: "start" | "dev";
  port: number;
  /** The address to listen on; localhost unless HOST says otherwise. */
  host?: string;
  env: NodeJS.ProcessEnv;
  /** Production server processes sharing the port (scripts/run/next-cluster.mjs); 1 unless given. */
  processes?: number;
  /** Stopped once Next has exited, however it ended. */
  database?: { stop(): Promise<void> };
  onReady?: () => void;
}

const KILL_AFTER_MS = 10_000;
const clusterScript = path.join(projectRoot, "scripts", "run", "next-cluster.mjs");
// The production server: `next start` plus the endpoints the app answers before Next.
const productionServer = path.join(projectRoot, "scripts", "run", "next-server.mjs");

/**
 * Runs the production server (next-server.mjs) or `next dev` in its own process group until it
 * exits or a stop signal arrives, then stops the database. Resolves to the exit code: the
 * server's own, or 0 after a requested stop. The group matters: `next dev` runs its server in a
 * child process, and a cluster its workers, which would outlive a signal sent to the first pid.
 */
export async function superviseNext(options: SuperviseNextOptions): Promise<number> {
  const { command, port, env, database, onReady } = options;
  const host = options.host ?? "localhost";
  const processes = command === "start" ? (options.processes ?? 1) : 1;
  if (!(await isPortFree(port))) {
    throw new Error(
      `Port ${port} is already in use. Stop whatever uses it, or set PORT to another port.`,
    );
  }
  const nextArgs =
    command === "start"
      ? [productionServer, "-p", String(port), "-H", host]
      : [packageBin("next"), command, "-p", String(port), "-H", host];
  const next = spawn(
    process.execPath,
    processes > 1 ? [clusterScript, String(processes), ...nextArgs] : nextArgs,
    {
      cwd: projectRoot,
      // glibc keeps memory a server freed: an arena per allocating thread (V8's compiler and GC
      // helpers), and large blocks in the heap once a big one was freed (its mmap threshold
      // grows). Two arenas and a fixed threshold keep 15-30 MB less resident per server at idle
      // (bench:idle). Whoever sets a variable keeps their own value.
      env: { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", ...env },
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    },
  );
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (next.pid) process.kill(-next.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const killOnExit = () => signalGroup("SIGKILL");
  process.on("exit", killOnExit);

  let stopRequested = false;
  const unsubscribe = onStopSignal(() => {
    stopRequested = true;
    signalGroup("SIGTERM");
    setTimeout(() => signalGroup("SIGKILL"), KILL_AFTER_MS).unref();
  });

  const exited = once(next, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  if (onReady) void waitForPort(port, host, exited).then((ready) => ready && onReady());
  try {
    const [code] = await exited;
    return stopRequested ? 0 : (code ?? 1);
  } finally {
    unsubscribe();
    // Whatever Next left behind in its group goes with it.
    signalGroup("SIGTERM");
    process.off("exit", killOnExit);
    await database?.stop();
  }
}

/**
 * Resolves true once something accepts connections on the port, false if Next exits first. A
 * wildcard address ("0.0.0.0", "::") listens on loopback too, so that is where it is tried.
 */
async function waitForPort(port: number, host: string, exited: Promise<unknown>): Promise<boolean> {
  const target = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  let done = false;
  void exited.finally(() => {
    done = true;
  });
  while (!done) {
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, target);
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (connected) return true;
    await sleep(200);
  }
  return false;
}
