import { inject } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaAdapter } from "@/lib/server/database-session";
import { seedDatabase } from "@/prisma/seed-database";

/** A Prisma client on the migrated test database of the `db` project (see global-setup.ts). */
export function createTestPrisma(): PrismaClient {
  return new PrismaClient({ adapter: createPrismaAdapter(inject("databaseUrl")) });
}

/** Empties every app table, keeping the migration history, so a test starts from a known state. */
export async function resetDatabase(prisma: PrismaClient): Promise<void> {
  const tables = await prisma.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`;
  if (tables.length === 0) return;
  const list = tables.map(({ tablename }) => `"${tablename}"`).join(", ");
  await prisma.$executeRawUnsafe(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
  // Jobs left by an earlier test (wake-ups, follow-ups) must not run in, or be counted by, this one.
  await prisma.$executeRawUnsafe("DELETE FROM pgboss.job");
}

/** Empties every app table and seeds the demo data; resolves to the `now` the seed was made for. */
export async function resetAndSeed(prisma: PrismaClient): Promise<Date> {
  await resetDatabase(prisma);
  const now = new Date();
  await seedDatabase(prisma, now);
  return now;
}

/** A Prisma client on another database (a test that runs its own Postgres). */
export function createPrismaFor(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: createPrismaAdapter(connectionString) });
}
