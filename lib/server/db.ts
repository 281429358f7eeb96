import "server-only";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaAdapter } from "@/lib/server/database-session";
import { getServerEnv } from "@/lib/server/env";

// Kept on globalThis, not in module scope: dev hot reload re-evaluates modules, and Next may
// bundle this module into more than one server chunk; either would otherwise open extra pools.
const globalForPrisma = globalThis as unknown as { countersignPrisma?: PrismaClient };

function createClient(): PrismaClient {
  const env = getServerEnv();
  const waitMs = env.DATABASE_TRANSACTION_WAIT_SECONDS * 1000;
  return new PrismaClient({
    adapter: createPrismaAdapter(env.DATABASE_URL, {
      statementCache: env.DATABASE_STATEMENT_CACHE,
      poolSize: env.DATABASE_POOL_SIZE,
    }),
    // Prisma's defaults (2 s for a pooled connection, 5 s to finish) fail a transaction that
    // merely queued behind a burst: 200 simultaneous story starts answered 500 (P2028) while
    // nothing was wrong. A wait is what a burst needs; the timeout only catches a transaction
    // that hangs, and counts from when it got its connection.
    transactionOptions: { maxWait: waitMs, timeout: waitMs },
  });
}

function getDb(): PrismaClient {
  if (!globalForPrisma.countersignPrisma) {
    globalForPrisma.countersignPrisma = createClient();
  }
  return globalForPrisma.countersignPrisma;
}

/**
 * The one Prisma client. It is created on first property access rather than at import, because
 * `next build` imports every route module and must not need DATABASE_URL.
 */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = getDb();
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});
