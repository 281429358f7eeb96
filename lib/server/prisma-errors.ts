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
