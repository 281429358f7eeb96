import { PrismaPg } from "@prisma/adapter-pg";
import { SerialQueryClient } from "./serial-query-client";
import { createStatementNamer } from "./statement-names";

/*
 * Prisma's pg adapter sends a DateTime as a UTC wall time with no offset ("2026-12-03
 * 07:45:00.000"), which Postgres reads in the session's time zone. Every session of ours therefore
 * runs in UTC, whatever the server's `timezone` setting, so the instants Prisma writes into
 * timestamptz columns are the ones it meant, and compare correctly with now() in raw SQL.
 */
export const UTC_SESSION_OPTIONS = "-c TimeZone=UTC";

/*
 * With the statement cache on, each connection prepares a statement once and plans it once: a
 * generic plan, chosen up front. Postgres's default would plan the first five executions on each
 * connection for their parameters and could keep doing so, which is the cost the cache is there
 * to save. The statements are point reads and writes by key, whose plans do not depend on the
 * values (bench:inbox, the listing with filters and search, measured the same or faster).
 */
const GENERIC_PLAN_OPTIONS = "-c plan_cache_mode=force_generic_plan";

export type DatabaseSessionSettings = {
  /** Off for a pooler that cannot keep prepared statements (PgBouncer in transaction mode). */
  statementCache?: boolean;
  /** Connections the pool may open (pg's default, 10, when unset). */
  poolSize?: number;
};

/** The pg connection options of every session of ours, for code that opens its own pool. */
export function sessionOptions({ statementCache = true }: DatabaseSessionSettings = {}): string {
  return statementCache ? `${UTC_SESSION_OPTIONS} ${GENERIC_PLAN_OPTIONS}` : UTC_SESSION_OPTIONS;
}

/**
 * The connection settings of a pg client or pool of ours that is not Prisma's (pg-boss, LISTEN
 * clients, scripts): the same UTC session, so a timestamp they read or write means one instant.
 */
export function utcConnection(connectionString: string): {
  connectionString: string;
  options: string;
} {
  return { connectionString, options: UTC_SESSION_OPTIONS };
}

type PrismaPgOptions = NonNullable<ConstructorParameters<typeof PrismaPg>[1]>;

/** The adapter options that go with `sessionOptions`. */
export function adapterOptions({
  statementCache = true,
}: DatabaseSessionSettings = {}): PrismaPgOptions {
  if (!statementCache) return {};
  const nameOf = createStatementNamer();
  // pg runs a statement without a name unnamed; the adapter's type does not say it may have none.
  return { statementNameGenerator: (query) => nameOf(query) as string };
}

export function createPrismaAdapter(
  connectionString: string,
  settings: DatabaseSessionSettings = {},
): PrismaPg {
  return new PrismaPg(
    {
      connectionString,
      options: sessionOptions(settings),
      Client: SerialQueryClient,
      ...(settings.poolSize !== undefined && { max: settings.poolSize }),
    },
    adapterOptions(settings),
  );
}
