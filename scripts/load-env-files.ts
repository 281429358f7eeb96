import path from "node:path";

/**
 * Next reads .env files itself, but our scripts decide things first (such as whether to start the
 * embedded Postgres), so they read the same files. As in Next, variables already set win.
 */
export function loadEnvFiles(projectRoot: string): void {
  for (const file of [".env.local", ".env"]) {
    try {
      process.loadEnvFile(path.join(projectRoot, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}
