import { startDevPostgres } from "../db/dev-database";
import { devAuditKey, devAuthSecret, devConnectionsKey } from "./dev-auth-secret";
import { listenHost } from "./listen-host";
import { localDemoMode } from "./local-demo-mode";
import { serveApp } from "./serve-app";
import { serverProcesses } from "./server-processes";

/** `npm start` / `npm run dev`: DATABASE_URL if set, otherwise the embedded Postgres under .data/. */
export function serveLocally(command: "start" | "dev"): Promise<number> {
  const port = Number(process.env.PORT ?? 3000);
  const host = listenHost(process.env);
  const externalUrl = process.env.DATABASE_URL;
  const processes = command === "start" ? serverProcesses(process.env.WEB_CONCURRENCY) : 1;
  return serveApp({
    command,
    port,
    host,
    processes,
    openDatabase: externalUrl
      ? async () => ({ url: externalUrl, stop: async () => {} })
      : startDevPostgres,
    appEnv: async () => ({
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? (await devAuthSecret()),
      NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://localhost:${port}`,
      AUDIT_KEY: process.env.AUDIT_KEY ?? (await devAuditKey()),
      CONNECTIONS_ENCRYPTION_KEY:
        process.env.CONNECTIONS_ENCRYPTION_KEY ?? (await devConnectionsKey()),
      ...localDemoMode(process.env),
    }),
    onReady: () =>
      console.log(
        [
          "",
          `  Countersign is running at http://localhost:${port}${host === "localhost" ? " (this machine only; set HOST to listen on the network)" : ` (listening on ${host})`}`,
          "  Sign in with a demo account: they are listed on the sign-in page and in the README.",
          `  Database: ${externalUrl ? "DATABASE_URL" : "embedded Postgres"}. Server processes: ${processes}. Press Ctrl+C to stop.`,
          "",
        ].join("\n"),
      ),
  });
}
