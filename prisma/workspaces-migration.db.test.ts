import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { applyMigrations, projectPaths } from "../scripts/db/schema-engine";

/*
 * The migration that gave every customer a workspace, run over rows written before it: a
 * deployment with one shop, a seeded customer, a contact who only emailed (no workspace) and two
 * staff users.
 */

const MIGRATION = "20261207135923_workspaces_own_their_data";
const serverUrl = inject("databaseUrl");
const admin = new pg.Client({ connectionString: serverUrl });
const databases: string[] = [];
let before: string;

beforeAll(async () => {
  await admin.connect();
  before = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-before-"));
  for (const entry of await fs.readdir(projectPaths.migrationsDir, { withFileTypes: true })) {
    if (entry.name === MIGRATION) continue;
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
  const database = `workspaces_migration_${randomUUID().replaceAll("-", "")}`;
  databases.push(database);
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = withDatabase(serverUrl, database);
  await applyMigrations(url, { schemaPath: projectPaths.schemaPath, migrationsDir: before });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  onTestFinished(() => client.end());
  return { url, client };
}

describe(`migration ${MIGRATION}`, () => {
  it("puts every customer and order in the one shop and keeps every staff user seeing it", async () => {
    const { url, client } = await databaseBefore();
    await client.query(`
      INSERT INTO workspaces (id, key, name, identity_secret) VALUES ('ws', 'demo-shop', 'Demo', 's');
      INSERT INTO customers (id, email, name, workspace_id) VALUES ('maya', 'maya@example.com', 'Maya', 'ws');
      INSERT INTO customers (id, email, name, contact_only) VALUES ('contact', 'who@example.net', 'Who', true);
      INSERT INTO orders (id, number, customer_id, placed_at, shipping_cents, payment_method_label)
        VALUES ('order', 'A1', 'maya', now(), 0, 'Visa');
      INSERT INTO staff_users (id, email, name, role, password_hash)
        VALUES ('agent', 'agent@example.com', 'Agent', 'agent', 'x'),
               ('admin', 'admin@example.com', 'Admin', 'admin', 'x');`);

    expect(await applyMigrations(url)).toEqual({
      applied: [MIGRATION],
    });

    const customers = await client.query("SELECT id, workspace_id FROM customers ORDER BY id");
    expect(customers.rows).toEqual([
      { id: "contact", workspace_id: "ws" },
      { id: "maya", workspace_id: "ws" },
    ]);
    const orders = await client.query("SELECT workspace_id FROM orders");
    expect(orders.rows).toEqual([{ workspace_id: "ws" }]);
    const members = await client.query(
      "SELECT staff_user_id FROM workspace_members WHERE workspace_id = 'ws' ORDER BY 1",
    );
    expect(members.rows.map((row) => row.staff_user_id)).toEqual(["admin", "agent"]);
    // One address may now be a customer of each shop, and only once in each.
    await client.query(
      "INSERT INTO workspaces (id, key, name, identity_secret) VALUES ('ws2', 'other', 'Other', 's')",
    );
    await client.query(
      "INSERT INTO customers (id, email, name, workspace_id) VALUES ('maya2', 'maya@example.com', 'Maya', 'ws2')",
    );
    await expect(
      client.query(
        "INSERT INTO customers (id, email, name, workspace_id) VALUES ('maya3', 'maya@example.com', 'Maya', 'ws2')",
      ),
    ).rejects.toMatchObject({ code: "23505" });
    await expect(
      client.query(
        "INSERT INTO customers (id, email, name) VALUES ('nobody', 'n@example.com', 'N')",
      ),
    ).rejects.toMatchObject({ code: "23502" });
  });

  it("stops, changing nothing, when a contact could belong to either of two shops", async () => {
    const { url, client } = await databaseBefore();
    await client.query(`
      INSERT INTO workspaces (id, key, name, identity_secret)
        VALUES ('ws1', 'one', 'One', 's'), ('ws2', 'two', 'Two', 's');
      INSERT INTO customers (id, email, name, contact_only) VALUES ('contact', 'who@example.net', 'Who', true);`);
    await expect(applyMigrations(url)).rejects.toThrow(/customers without a workspace remain/);
    const customers = await client.query("SELECT workspace_id FROM customers");
    expect(customers.rows).toEqual([{ workspace_id: null }]);
  });
});

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
