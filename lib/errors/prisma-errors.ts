import { Prisma } from "@/lib/generated/prisma/client";

/** A unique constraint said no: the other writer got there first. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/**
 * Postgres broke a lock cycle (deadlock) or a write conflict by aborting this transaction.
 * Nothing it wrote committed, so running it again from the start is safe and is what Postgres
 * asks of the client.
 */
export function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2034") return true;
  const cause = (error.meta as { driverAdapterError?: { cause?: { originalCode?: string } } })
    ?.driverAdapterError?.cause?.originalCode;
  return cause === "40P01" || cause === "40001";
}

const CONFLICT_ATTEMPTS = 3;

/** Runs a whole transaction again when Postgres aborted it to break a deadlock. */
export async function retryOnTransactionConflict<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !isTransactionConflict(error)) throw error;
    }
  }
}

/*
 * The connection failed, not the statement: Postgres is restarting or unreachable, or it ended
 * this session (pg_terminate_backend, a shutdown). What the statement did is either rolled back
 * or, for a COMMIT whose answer was lost, unknown; callers that retry must tolerate both. Shapes
 * as seen from Prisma 7's pg adapter (transient-database-errors.db.test.ts provokes them):
 * - a PrismaClientKnownRequestError (P1001, P1017, P2010, P2039, …) whose driverAdapterError
 *   cause is a connection kind, or a Postgres error with a connection SQLSTATE;
 * - pg's own Error, passed through unconverted, when a pooled client dies inside a transaction.
 */
const CONNECTION_ERROR_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
// 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting/shutting down),
// 53300 too_many_connections, and class 08, connection exceptions.
const CONNECTION_SQLSTATE = /^(57P0[123]|53300|08[0-9A-Z]{3})$/;
const PRISMA_CONNECTION_CODES = new Set(["P1001", "P1002", "P1017"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);
const PG_CONNECTION_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

type AdapterCause = { kind?: string; code?: string; originalCode?: string };

export function isTransientDatabaseError(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (PRISMA_CONNECTION_CODES.has(error.code)) return true;
    const cause = (error.meta as { driverAdapterError?: { cause?: AdapterCause } } | undefined)
      ?.driverAdapterError?.cause;
    if (!cause) return false;
    if (cause.kind && CONNECTION_ERROR_KINDS.has(cause.kind)) return true;
    const sqlState = cause.originalCode ?? cause.code;
    return sqlState !== undefined && CONNECTION_SQLSTATE.test(sqlState);
  }
  if (error instanceof Prisma.PrismaClientInitializationError) {
    return PRISMA_CONNECTION_CODES.has(error.errorCode ?? "");
  }
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === "string") return SOCKET_CODES.has(code) || CONNECTION_SQLSTATE.test(code);
  return PG_CONNECTION_MESSAGES.some((message) => error.message.startsWith(message));
}
