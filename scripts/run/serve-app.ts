import { prepareDatabaseInChild } from "./prepare-database-process";
import { exitCodeFor, onStopSignal } from "./stop-signals";
import { superviseNext } from "./supervise-next";

export interface ServeAppOptions {
  command: "start" | "dev";
  port: number;
  /** The address the server listens on (default localhost: this machine only). */
  host?: string;
  /** Starts or names the database; its stop() runs once Next has exited. */
  openDatabase: () => Promise<{ url: string; stop(): Promise<void> }>;
  /** Variables Next gets on top of ours, DATABASE_URL and PORT. */
  appEnv: () => Promise<Record<string, string | undefined>>;
  /** Production server processes (WEB_CONCURRENCY); dev always runs one. */
  processes?: number;
  onReady?: () => void;
}

/**
 * The database, migrated and seeded if empty, then Next.js until it exits or a stop signal
 * arrives, which stops Next first and the database after it. Resolves to the exit code.
 */
export async function serveApp(options: ServeAppOptions): Promise<number> {
  const { command, port, host, openDatabase, appEnv, onReady, processes } = options;
  const database = await openDatabase();
  // Until Next runs and its supervision takes over, a stop signal must still stop the database.
  let stoppedBy: NodeJS.Signals | undefined;
  const unsubscribe = onStopSignal((signal) => {
    stoppedBy = signal;
    void database.stop().finally(() => process.exit(exitCodeFor(signal)));
  });
  let env: NodeJS.ProcessEnv;
  try {
    await prepareDatabaseInChild(database.url);
    env = { ...process.env, PORT: String(port), DATABASE_URL: database.url, ...(await appEnv()) };
  } catch (error) {
    await database.stop();
    // The same Ctrl+C stopped the preparation's process: a stop, not a failure to report.
    if (stoppedBy) return exitCodeFor(stoppedBy);
    throw error;
  } finally {
    unsubscribe();
  }
  return superviseNext({ command, port, host, env, database, onReady, processes });
}
