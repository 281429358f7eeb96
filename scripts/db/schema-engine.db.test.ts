import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations, diffToNewMigration, type PrismaPaths } from "./schema-engine";

/*
 * The tooling on a scratch project, covering what the adapter fixes in migration-adapter.ts are
 * for: NOT NULL and CHECK constraints (read as "char" by the engine), a function body full of
 * semicolons, and shadow databases that must not outlive a diff.
 */

const serverUrl = inject("databaseUrl");
const database = `schema_engine_check_${randomUUID().replaceAll("-", "")}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
const admin = new pg.Client({ connectionString: serverUrl });
let paths: PrismaPaths;

const SCHEMA = `
datasource db {
  provider = "postgresql"
}

enum Kind {
  refund
  note
}

model Entry {
  id     Int    @id @default(autoincrement())
  kind   Kind
  body   String
}
`;

const APPEND_ONLY_SQL = `
CREATE FUNCTION forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'entries are append-only; no updates';
  RETURN NULL;
END;
$$;

CREATE TRIGGER entry_append_only BEFORE UPDATE OR DELETE ON "Entry"
  FOR EACH ROW EXECUTE FUNCTION forbid_change();

ALTER TABLE "Entry" ADD CONSTRAINT "entry_body_not_empty" CHECK (length(body) > 0);
`;

beforeAll(async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "countersign-schema-engine-"));
  paths = {
    schemaPath: path.join(root, "schema.prisma"),
    migrationsDir: path.join(root, "migrations"),
  };
  await fs.writeFile(paths.schemaPath, SCHEMA);
  await fs.mkdir(paths.migrationsDir);
  await fs.writeFile(
    path.join(paths.migrationsDir, "migration_lock.toml"),
    'provider = "postgresql"\n',
  );
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
});

afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
  await fs.rm(path.dirname(paths.schemaPath), { recursive: true, force: true });
});

async function addMigration(name: string, sql: string): Promise<void> {
  await fs.mkdir(path.join(paths.migrationsDir, name));
  await fs.writeFile(path.join(paths.migrationsDir, name, "migration.sql"), sql);
}

describe("schema engine on a scratch project", () => {
  it("writes the first migration from nothing", async () => {
    const sql = await diffToNewMigration(databaseUrl, paths);
    expect(sql).toContain('CREATE TABLE "Entry"');
    await addMigration("20250101000000_init", sql);
  });

  it("applies hand-written SQL whole, semicolons inside a function body included", async () => {
    await addMigration("20250102000000_append_only", APPEND_ONLY_SQL);
    expect(await applyMigrations(databaseUrl, paths)).toEqual({
      applied: ["20250101000000_init", "20250102000000_append_only"],
    });
  });

  it("finds no difference after replaying migrations with NOT NULL and CHECK constraints", async () => {
    expect(await diffToNewMigration(databaseUrl, paths)).toBe("");
  });

  it("writes only the change for an added field", async () => {
    await fs.writeFile(
      paths.schemaPath,
      SCHEMA.replace("  body   String", "  body   String\n  note   String?"),
    );
    const sql = await diffToNewMigration(databaseUrl, paths);
    expect(sql).toMatch(/ALTER TABLE "Entry" ADD COLUMN\s+"note" TEXT;/);
    expect(sql).not.toContain("CREATE TABLE");
  });

  it("leaves no shadow database behind", async () => {
    const { rows } = await admin.query(
      "SELECT datname FROM pg_database WHERE datname LIKE 'prisma_shadow_%'",
    );
    expect(rows).toEqual([]);
  });
});
