import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";
import { installJobQueues } from "../../lib/server/process/jobs/job-queues";
import { projectRoot } from "../project-root";
import { createMigrationAdapter } from "./migration-adapter";

/** Where the schema and the migration folders live; tests point these at a scratch project. */
export interface PrismaPaths {
  schemaPath: string;
  migrationsDir: string;
}

export const projectPaths: PrismaPaths = {
  schemaPath: path.join(projectRoot, "prisma", "schema.prisma"),
  migrationsDir: path.join(projectRoot, "prisma", "migrations"),
};

const NO_FILTERS = { externalTables: [], externalEnums: [] };

/**
 * Applies the migration folders not yet applied, recording them in `_prisma_migrations` exactly as
 * `prisma migrate deploy` does, so machines with the native engine can keep using the official CLI.
 */
export async function applyMigrations(
  databaseUrl: string,
  paths: PrismaPaths = projectPaths,
): Promise<{ applied: string[] }> {
  const migrationsList = await readMigrations(paths.migrationsDir);
  const { appliedMigrationNames } = await withEngine(databaseUrl, paths, (engine) =>
    engine.applyMigrations({ migrationsList, filters: NO_FILTERS }),
  );
  // The background-job queue's tables come with the app's own (pg-boss versions and migrates
  // them itself), so every process that writes a job in a transaction finds its queue.
  if (paths === projectPaths) await installJobQueues(databaseUrl);
  return { applied: appliedMigrationNames };
}

/**
 * The SQL a new migration needs to bring the migration folders up to the schema, or "" when they
 * already match. Replays the folders into a temporary shadow database on the server of `databaseUrl`.
 */
export async function diffToNewMigration(
  databaseUrl: string,
  paths: PrismaPaths = projectPaths,
): Promise<string> {
  const migrations = await readMigrations(paths.migrationsDir);
  const { stdout } = await withEngine(databaseUrl, paths, (engine, schema) =>
    engine.diff({
      from: { tag: "migrations", ...migrations },
      to: { tag: "schemaDatamodel", files: [{ path: paths.schemaPath, content: schema }] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    }),
  );
  const sql = stdout ?? "";
  // An empty diff comes back as a script holding only the comment "-- This is an empty migration."
  const hasStatements = sql
    .split("\n")
    .some((line) => line.trim() && !line.trim().startsWith("--"));
  return hasStatements ? sql : "";
}

async function withEngine<T>(
  databaseUrl: string,
  paths: PrismaPaths,
  work: (engine: SchemaEngine, schema: string) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadSchemaEngine();
  const schema = await fs.readFile(paths.schemaPath, "utf8");
  const adapter = createMigrationAdapter(databaseUrl);
  try {
    const engine = await SchemaEngine.new(
      { datamodels: [[paths.schemaPath, schema]] },
      () => {},
      // The engine expects result-wrapped calls; a bare factory fails.
      bindMigrationAwareSqlAdapterFactory(adapter.factory),
    ).catch(asError);
    try {
      return await work(engine, schema).catch(asError);
    } finally {
      engine.free();
    }
  } finally {
    await adapter.close();
  }
}

async function readMigrations(migrationsDir: string): Promise<MigrationList> {
  const entries = await fs.readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrationDirectories = await Promise.all(
    folders.map(async (folder) => ({
      path: folder,
      migrationFile: {
        path: "migration.sql",
        content: await fs.readFile(path.join(migrationsDir, folder, "migration.sql"), "utf8").then(
          (value) => ({ tag: "ok" as const, value }),
          (error: Error) => ({ tag: "error" as const, value: error.message }),
        ),
      },
    })),
  );
  const lockfileContent = await fs
    .readFile(path.join(migrationsDir, "migration_lock.toml"), "utf8")
    .catch(() => null);
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: lockfileContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

type SchemaEngineModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
let loaded: Promise<SchemaEngineModule> | undefined;

/**
 * The package's own entry imports the .wasm file as a module, which plain Node refuses, so the
 * bindings are wired to a module instantiated here (once per process).
 */
function loadSchemaEngine(): Promise<SchemaEngineModule> {
  loaded ??= (async () => {
    const bindings = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const bindingsFile = createRequire(import.meta.url).resolve(
      "@prisma/schema-engine-wasm/schema_engine_bg",
    );
    const bytes = await fs.readFile(bindingsFile.replace(/\.js$/, ".wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": withUnrefTimers(bindings),
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings;
  })();
  return loaded;
}

/**
 * The engine arms 10 s timers (timeouts racing its queries) that outlive the engine itself and would
 * keep a finished command waiting for them; unref'd, they no longer hold the process open.
 */
function withUnrefTimers(bindings: SchemaEngineModule): WebAssembly.ModuleImports {
  const imports: WebAssembly.ModuleImports = { ...bindings };
  for (const [name, binding] of Object.entries(imports)) {
    if (!name.startsWith("__wbg_setTimeout_") || typeof binding !== "function") continue;
    imports[name] = (...args: unknown[]) => {
      const timer = binding(...args) as NodeJS.Timeout;
      timer.unref();
      return timer;
    };
  }
  return imports;
}

/** Engine errors end with a Rust backtrace ("   0: schema_engine_wasm::…") that helps nobody here. */
function asError(reason: unknown): never {
  const message = reason instanceof Error ? reason.message : String(reason);
  throw new Error(message.split(/\n\s+0: /)[0]?.trim(), { cause: reason });
}
