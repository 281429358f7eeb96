import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations, diffToNewMigration, projectPaths } from "./schema-engine";

const serverUrl = inject("databaseUrl");
const database = `migrations_check_${randomUUID().replaceAll("-", "")}`;
const databaseUrl = withDatabase(serverUrl, database);
const admin = new pg.Client({ connectionString: serverUrl });

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
});

afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
});

describe("migration folders", () => {
  it("apply once on an empty database, then never again", async () => {
    const folders = await migrationFolders();
    expect(folders.length).toBeGreaterThan(0);

    expect(await applyMigrations(databaseUrl)).toEqual({ applied: folders });
    expect(await applyMigrations(databaseUrl)).toEqual({ applied: [] });
  });

  it("are recorded in _prisma_migrations as prisma migrate deploy records them", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client
      .query<{
        migration_name: string;
        checksum: string;
        finished_at: Date | null;
        rolled_back_at: Date | null;
      }>(
        "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name",
      )
      .finally(() => client.end());

    const folders = await migrationFolders();
    expect(rows.map((row) => row.migration_name)).toEqual(folders);
    for (const row of rows) {
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      const sql = await fs.readFile(
        path.join(projectPaths.migrationsDir, row.migration_name, "migration.sql"),
      );
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
    }
  });

  it("match prisma/schema.prisma (run `npm run db:migration -- <name>` after changing it)", async () => {
    expect(await diffToNewMigration(databaseUrl)).toBe("");
  });
});

async function migrationFolders(): Promise<string[]> {
  const entries = await fs.readdir(projectPaths.migrationsDir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
