import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { utcConnection } from "../../lib/server/database-session";

export interface MigrationAdapter {
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** Ends every pool and drops any shadow database the engine left behind. */
  close(): Promise<void>;
}

/**
 * The driver adapter the schema engine migrates through, with three fixes for @prisma/adapter-pg 7.10:
 * - it cannot map Postgres' internal "char" type (OID 18), which the engine's catalog queries return
 *   ("Column type 'char' could not be deserialized");
 * - its own shadow database connects to the main database when given a URL, and is dropped while
 *   its pool still holds connections to it;
 * - it runs migration scripts split at every ";", which breaks function bodies and string literals.
 */
export function createMigrationAdapter(databaseUrl: string): MigrationAdapter {
  const mainPool = poolFor(databaseUrl);
  const main = new PrismaPg(mainPool);
  const shadowPools = new Map<string, pg.Pool>();

  const dropShadow = async (name: string) => {
    await shadowPools.get(name)?.end();
    shadowPools.delete(name);
    await mainPool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };

  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: () => connectForMigrations(main),
    async connectToShadowDb() {
      const name = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
      await mainPool.query(`CREATE DATABASE "${name}"`);
      const pool = poolFor(databaseUrl, name);
      shadowPools.set(name, pool);
      const adapter = await connectForMigrations(new PrismaPg(pool));
      adapter.dispose = () => dropShadow(name);
      return adapter;
    },
  };

  return {
    factory,
    async close() {
      for (const name of [...shadowPools.keys()]) await dropShadow(name);
      await mainPool.end();
    },
  };
}

function poolFor(databaseUrl: string, database?: string): pg.Pool {
  const url = new URL(databaseUrl);
  if (database) url.pathname = `/${database}`;
  return new pg.Pool({ ...utcConnection(url.toString()), Client: CharAsTextClient, max: 4 });
}

/**
 * "char" support comes in two halves. The pg client below reports "char" columns as text, which gets
 * them past the adapter's type mapping, and notes their positions against the result's rows array
 * (which the adapter passes through unchanged); here those columns are then typed Character, as the
 * engine reads them as single characters (e.g. pg_constraint.contype).
 */
const charColumnsOf = new WeakMap<unknown[], number[]>();

async function connectForMigrations(factory: PrismaPg): Promise<SqlDriverAdapter> {
  const adapter = await factory.connect();
  const queryRaw = adapter.queryRaw.bind(adapter);
  adapter.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const index of charColumnsOf.get(result.rows) ?? []) {
      result.columnTypes[index] = ColumnTypeEnum.Character;
    }
    return result;
  };
  // Without parameters pg sends one simple-protocol query, which runs the whole script as the native
  // engine does, and errors still go through the adapter's own mapping.
  adapter.executeScript = async (script) => {
    await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
  };
  return adapter;
}

const CHAR_OID = 18;
const TEXT_OID = 25;

class CharAsTextClient extends pg.Client {}

const originalQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

// Assigned rather than declared as an override: pg's query has a dozen overloads to restate otherwise.
CharAsTextClient.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  const callbackIndex = args.findIndex((arg) => typeof arg === "function");
  if (callbackIndex >= 0) {
    const callback = args[callbackIndex] as (error: Error | null, result: unknown) => void;
    args[callbackIndex] = (error: Error | null, result: unknown) =>
      callback(error, relabelCharFields(result));
    return originalQuery.apply(this, args);
  }
  const returned = originalQuery.apply(this, args);
  return returned instanceof Promise ? returned.then(relabelCharFields) : returned;
} as pg.Client["query"];

function relabelCharFields(result: unknown): unknown {
  // Multi-statement queries resolve to one result per statement.
  for (const single of (Array.isArray(result) ? result : [result]) as (
    | pg.QueryResult
    | undefined
  )[]) {
    const charColumns: number[] = [];
    single?.fields?.forEach((field, index) => {
      if (field.dataTypeID !== CHAR_OID) return;
      field.dataTypeID = TEXT_OID;
      charColumns.push(index);
    });
    if (single && charColumns.length > 0) charColumnsOf.set(single.rows, charColumns);
  }
  return result;
}
