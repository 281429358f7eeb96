// Playwright's webServer command. Playwright starts web servers before globalSetup runs, so the
// test database is made here: a throwaway Postgres, migrated and seeded, then the production
// server (as `npm start` runs it) on the production build; on SIGTERM, the server stops first
// and the database after it.
import fs from "node:fs/promises";
import path from "node:path";
import { startThrowawayPostgres } from "../scripts/db/embedded-postgres";
import { serveApp } from "../scripts/run/serve-app";
import {
  E2E_AUDIT_KEY,
  E2E_CONNECTIONS_KEY,
  E2E_DATABASE_URL_FILE,
  E2E_PORT,
  E2E_SHOPIFY_PORT,
  E2E_STRIPE_PORT,
} from "./e2e-settings";

let databaseUrl = "";
const exitCode = await serveApp({
  command: "start",
  port: E2E_PORT,
  openDatabase: async () => {
    const database = await startThrowawayPostgres("countersign_e2e");
    databaseUrl = database.url;
    return database;
  },
  appEnv: async () => {
    await fs.mkdir(path.dirname(E2E_DATABASE_URL_FILE), { recursive: true });
    await fs.writeFile(E2E_DATABASE_URL_FILE, databaseUrl);
    return {
      NEXTAUTH_SECRET: "e2e-only-secret-not-for-any-real-deployment",
      NEXTAUTH_URL: `http://localhost:${E2E_PORT}`,
      AUDIT_KEY: E2E_AUDIT_KEY,
      CONNECTIONS_ENCRYPTION_KEY: E2E_CONNECTIONS_KEY,
      STRIPE_API_URL: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
      SHOPIFY_API_URL: `http://127.0.0.1:${E2E_SHOPIFY_PORT}`,
      DEMO_MODE: "true",
      // The offline agent, whatever a developer's .env says: browser tests must not call a model.
      OPENAI_API_KEY: "",
    };
  },
}).catch((error: Error) => {
  console.error(error.message);
  return 1;
});
process.exit(exitCode);
