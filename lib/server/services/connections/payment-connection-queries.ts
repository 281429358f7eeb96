import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Reader = PrismaClient | Prisma.TransactionClient;

/** Every workspace with its payment connections, in the order Settings lists them. */
export function findWorkspacesWithConnections(db: Reader) {
  return db.workspace.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      paymentConnections: { orderBy: { provider: "asc" } },
    },
  });
}

/** Holds the connection row until the transaction ends, so two changes to it take turns. */
export async function lockConnection(
  tx: Prisma.TransactionClient,
  connectionId: string,
): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM payment_connections WHERE id = ${connectionId} FOR UPDATE`;
  return rows.length > 0;
}

/** One save per workspace and provider at a time, so `replaced` is true of exactly one of two. */
export async function lockWorkspaceProvider(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  provider: string,
): Promise<void> {
  await tx.$executeRaw`
    SELECT pg_advisory_xact_lock(hashtextextended(${`payment_connection/${workspaceId}/${provider}`}, 0))`;
}

/**
 * Money still moving through a connection: actions whose payment is out (executing) or unknown
 * (needs_reconciliation), and refunds the provider has not finished (pending, requires_action).
 */
export async function countPaymentsInFlight(
  tx: Prisma.TransactionClient,
  connectionId: string,
): Promise<{ actions: number; refunds: number }> {
  const [actions, refunds] = await Promise.all([
    tx.pendingAction.count({
      where: {
        paymentConnectionId: connectionId,
        status: { in: ["executing", "needs_reconciliation"] },
      },
    }),
    tx.refund.count({
      where: { connectionId, status: { in: ["pending", "requires_action"] } },
    }),
  ]);
  return { actions, refunds };
}
