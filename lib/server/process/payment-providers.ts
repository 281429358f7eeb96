import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type {
  PaymentProvider,
  PaymentProviders,
} from "@/lib/integrations/payments/payment-provider";
import {
  type ConnectionCredentials,
  connectionAdapterCache,
  storedConnectionColumns,
} from "./connection-adapters";

export type ConnectedPaymentProvidersOptions = {
  db: PrismaClient;
  /** CONNECTIONS_ENCRYPTION_KEY's bytes. */
  encryptionKey: Uint8Array;
  /** The built-in provider: for a workspace without a connection, and for refunds it made. */
  ledger: PaymentProvider;
  makeProvider: (connection: ConnectionCredentials) => PaymentProvider;
  /**
   * Providers that are also the shop's store (Shopify): their connection pays only for the
   * orders read from it, never as the workspace's payment connection for other orders.
   */
  storeProviders?: ReadonlySet<string>;
};

/*
 * Each workspace pays through its own connection. The row is read on every call, so a connection
 * saved or removed on another instance applies here at once.
 */
export function createConnectedPaymentProviders(
  options: ConnectedPaymentProvidersOptions,
): PaymentProviders {
  const { db, ledger } = options;
  const storeProviders = [...(options.storeProviders ?? [])];
  const adapters = connectionAdapterCache(options.encryptionKey, options.makeProvider);

  return {
    async forWorkspace(workspaceId, order) {
      if (workspaceId === null) return { provider: ledger, connectionId: null };
      if (order?.connectionId) {
        const store = await db.paymentConnection.findFirst({
          where: { id: order.connectionId, workspaceId, provider: { in: storeProviders } },
          select: storedConnectionColumns,
        });
        if (store) return { provider: adapters.adapterFor(store), connectionId: store.id };
      }
      const connection = await db.paymentConnection.findFirst({
        where: { workspaceId, provider: { notIn: storeProviders } },
        orderBy: { createdAt: "asc" },
        select: storedConnectionColumns,
      });
      if (!connection) return { provider: ledger, connectionId: null };
      return { provider: adapters.adapterFor(connection), connectionId: connection.id };
    },
    async forConnection(connectionId) {
      if (connectionId === null) return ledger;
      const connection = await db.paymentConnection.findUnique({
        where: { id: connectionId },
        select: storedConnectionColumns,
      });
      if (!connection) {
        adapters.forget(connectionId);
        throw new Error(
          `Payment connection ${connectionId} no longer exists: it was removed in Settings → Connections.`,
        );
      }
      return adapters.adapterFor(connection);
    },
  };
}
