import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "../../scripts/db/embedded-postgres";
import { applyMigrations } from "../../scripts/db/schema-engine";
import { TEST_CONNECTIONS_KEY } from "../support/test-connections-key";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * The `db` project's database: a throwaway embedded Postgres on a free port, migrated from the real
 * migration folders. TEST_DATABASE_URL, when set, names a server to use instead (it gets migrated).
 * Postgres runs in the app process's time zone, so `TZ=Asia/Tokyo vitest run --project db` puts
 * both sides east of UTC (see scripts/run/run-test-suites.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = process.env.TEST_DATABASE_URL
    ? undefined
    : await startThrowawayPostgres("countersign_test", { timeZone: processTimeZone() });
  const databaseUrl = server?.url ?? (process.env.TEST_DATABASE_URL as string);
  try {
    await applyMigrations(databaseUrl);
  } catch (error) {
    await server?.stop();
    throw error;
  }
  project.provide("databaseUrl", databaseUrl);
  // Test files may also read it from the environment, which the test workers inherit.
  process.env.TEST_DATABASE_URL = databaseUrl;
  // And the app's own settings, for code under test that reads env.ts (the sealer's AUDIT_KEY
  // default, the shared client): always the test database, never one from a developer's shell.
  process.env.DATABASE_URL = databaseUrl;
  process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-0000";
  // One audit key for the test workers and the CLI processes they spawn, which would otherwise
  // take the checkout's .data key as `npm start` does.
  process.env.AUDIT_KEY ??= "test-audit-key-test-audit-key-test-0000";
  process.env.CONNECTIONS_ENCRYPTION_KEY ??= TEST_CONNECTIONS_KEY;
  return async () => {
    await server?.stop();
  };
}

function processTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
