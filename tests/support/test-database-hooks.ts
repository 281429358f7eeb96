import { afterAll, beforeAll, beforeEach } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  createPrismaFor,
  createTestPrisma,
  resetAndSeed,
  resetDatabase,
} from "@/tests/db/test-database";
import { type RestartablePostgres, startRestartablePostgres } from "./restartable-postgres";

/*
 * How a db test file gets its database: one call at the top of the file gives it a client of its
 * own, disconnected after the file's last test, and puts the tables back before each test. The
 * app's own settings (DATABASE_URL, NEXTAUTH_SECRET) already name the test database: the global
 * setup gives them to every test worker (tests/db/global-setup.ts).
 */

/** A client for this file's tests; what is in the tables is the file's own business. */
export function testDatabaseClient(): PrismaClient {
  const prisma = createTestPrisma();
  afterAll(() => prisma.$disconnect());
  return prisma;
}

/** A client for this file's tests, each of which starts from empty tables. */
export function emptyTestDatabase(): PrismaClient {
  const prisma = testDatabaseClient();
  beforeEach(async () => {
    await resetDatabase(prisma);
  });
  return prisma;
}

/** A client for this file's tests, each of which starts from the seeded demo data. */
export function seededTestDatabase(): PrismaClient {
  const prisma = testDatabaseClient();
  beforeEach(async () => {
    await resetAndSeed(prisma);
  });
  return prisma;
}

export type OwnPostgres = { server: RestartablePostgres; prisma: PrismaClient };

/**
 * A migrated Postgres of this file's own that its tests may stop and start again (the shared one
 * must stay up for the other files), with a client on it, handed to `ready` before the first test.
 * With `appReadsIt`, the app's own settings point at it too while the file runs, for code under
 * test that uses the app's shared client.
 */
export function ownRestartablePostgres(
  database: string,
  options: { appReadsIt: boolean },
  ready: (own: OwnPostgres) => void,
): void {
  const sharedDatabaseUrl = process.env.DATABASE_URL;
  let own: OwnPostgres | undefined;
  beforeAll(async () => {
    const server = await startRestartablePostgres(database);
    if (options.appReadsIt) process.env.DATABASE_URL = server.url;
    own = { server, prisma: createPrismaFor(server.url) };
    ready(own);
  }, 120_000);
  afterAll(async () => {
    await own?.prisma.$disconnect();
    await own?.server.dispose();
    if (options.appReadsIt) process.env.DATABASE_URL = sharedDatabaseUrl;
  });
}
