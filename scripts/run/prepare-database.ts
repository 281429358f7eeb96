import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { utcConnection } from "../../lib/server/database-session";
import { applyMigrations } from "../db/schema-engine";
import { projectRoot } from "../project-root";
import { packageBin } from "./package-bin";

const SEED_SCRIPT = path.join(projectRoot, "prisma", "seed.ts");

/** Applies pending migrations, then seeds the demo data if no app table holds a row yet. */
export async function prepareDatabase(databaseUrl: string): Promise<void> {
  const { applied } = await applyMigrations(databaseUrl);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(", ")}`);
  if (fs.existsSync(SEED_SCRIPT) && (await isEmpty(databaseUrl))) await seed(databaseUrl);
}

async function isEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client(utcConnection(databaseUrl));
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'",
    );
    if (tables.length === 0) return true;
    const anyRows = tables
      .map(({ tablename }) => `EXISTS (SELECT 1 FROM ${client.escapeIdentifier(tablename)})`)
      .join(" OR ");
    const { rows } = await client.query<{ has_rows: boolean }>(`SELECT ${anyRows} AS has_rows`);
    return !rows[0]?.has_rows;
  } finally {
    await client.end();
  }
}

async function seed(databaseUrl: string): Promise<void> {
  const child = spawn(process.execPath, [packageBin("tsx"), SEED_SCRIPT], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: "inherit",
  });
  const [code] = await once(child, "exit");
  if (code !== 0)
    throw new Error(`Seeding the database failed (prisma/seed.ts exited with ${code}).`);
}
