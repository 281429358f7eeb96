import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { hashPolicyDocument, policyDocumentSchema } from "@/lib/domain/policy-document";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import { applyMigrations, projectPaths } from "@/scripts/db/schema-engine";

/*
 * The migration that made refund policy v1 each existing workspace's first version, run over a
 * database that had workspaces (and maybe changed settings) before it: the row it inserts must be
 * exactly the v1 document the engine applies to a workspace with no rows, or a shop's terms would
 * change the moment it migrated.
 */

const MIGRATION = "20261207170025_policy_versions";
const serverUrl = inject("databaseUrl");
const admin = new pg.Client({ connectionString: serverUrl });
const databases: string[] = [];
let before: string;

beforeAll(async () => {
  await admin.connect();
  before = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-before-policy-"));
  for (const entry of await fs.readdir(projectPaths.migrationsDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name >= MIGRATION) continue;
    await fs.cp(path.join(projectPaths.migrationsDir, entry.name), path.join(before, entry.name), {
      recursive: true,
    });
  }
});

afterAll(async () => {
  for (const database of databases) {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  }
  await admin.end();
  await fs.rm(before, { recursive: true, force: true });
});

/** A database migrated up to the migration before this one, and a client on it. */
async function databaseBefore(): Promise<{ url: string; client: pg.Client }> {
  const database = `policy_migration_${randomUUID().replaceAll("-", "")}`;
  databases.push(database);
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = withDatabase(serverUrl, database);
  await applyMigrations(url, { schemaPath: projectPaths.schemaPath, migrationsDir: before });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  onTestFinished(() => client.end());
  return { url, client };
}

async function storedVersions(client: pg.Client) {
  const { rows } = await client.query(
    `SELECT workspace_id, status, number, based_on, effective_from, effective_until, document
       FROM policy_versions ORDER BY workspace_id`,
  );
  return rows;
}

describe(`migration ${MIGRATION}`, () => {
  it("gives every existing workspace v1 as its first version, the very document POLICY_V1 is", async () => {
    const { url, client } = await databaseBefore();
    await client.query(`
      INSERT INTO workspaces (id, key, name, identity_secret)
        VALUES ('ws1', 'one', 'One', 's'), ('ws2', 'two', 'Two', 's');`);

    expect((await applyMigrations(url)).applied[0]).toBe(MIGRATION);

    const rows = await storedVersions(client);
    expect(rows.map((row) => row.workspace_id)).toEqual(["ws1", "ws2"]);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: "published",
        number: 1,
        based_on: POLICY_V1.version,
        effective_from: new Date("2000-01-01T00:00:00Z"),
        effective_until: null,
      });
      expect(row.document).toEqual(POLICY_V1.document);
      // Read back as the application reads it, and hashed as a dry run and a publish hash it.
      expect(policyDocumentSchema.parse(row.document)).toEqual(POLICY_V1.document);
      expect(hashPolicyDocument(row.document)).toBe(hashPolicyDocument(POLICY_V1.document));
    }
  });

  it("carries limits and the quote hold an admin changed into the document, and drops the settings", async () => {
    const { url, client } = await databaseBefore();
    await client.query(`
      INSERT INTO workspaces (id, key, name, identity_secret) VALUES ('ws', 'shop', 'Shop', 's');
      INSERT INTO settings (key, value, updated_at) VALUES
        ('autoApproveLimitCents', '4000', now()),
        ('merchantFaultAutoApproveLimitCents', '1500', now()),
        ('quoteHoldMinutes', '15', now());`);

    await applyMigrations(url);

    const [row] = await storedVersions(client);
    expect(row?.document).toEqual({
      ...POLICY_V1.document,
      approval: {
        ...POLICY_V1.document.approval,
        autoApproveLimitCents: 4000,
        merchantFaultAutoApproveLimitCents: 1500,
      },
      quoteHoldMinutes: 15,
    });
    expect(policyDocumentSchema.safeParse(row?.document).success).toBe(true);
    const settings = await client.query("SELECT key FROM settings");
    expect(settings.rows).toEqual([]);
  });
});

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
