import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type {
  CommerceProvider,
  CommerceProviders,
} from "@/lib/integrations/commerce/commerce-provider";
import {
  type ConnectionCredentials,
  connectionAdapterCache,
  storedConnectionColumns,
} from "./connection-adapters";

export type ConnectedCommerceProvidersOptions = {
  db: PrismaClient;
  /** CONNECTIONS_ENCRYPTION_KEY's bytes. */
  encryptionKey: Uint8Array;
  /** The store providers this build can read (their names as connections store them). */
  storeProviders: ReadonlySet<string>;
  makeProvider: (connection: ConnectionCredentials) => CommerceProvider;
};

/*
 * Each workspace reads its own store, through the connection it saved in Settings → Connections
 * (a row of payment_connections whose provider is a store). A workspace with none keeps its
 * orders in Countersign (seeded, pushed through the orders API, or imported from CSV).
 */
export function createConnectedCommerceProviders(
  options: ConnectedCommerceProvidersOptions,
): CommerceProviders {
  const { db } = options;
  const storeProviders = [...options.storeProviders];
  const adapters = connectionAdapterCache(options.encryptionKey, options.makeProvider);
  return {
    async forWorkspace(workspaceId) {
      if (workspaceId === null) return null;
      const connection = await db.paymentConnection.findFirst({
        where: { workspaceId, provider: { in: storeProviders } },
        orderBy: { createdAt: "asc" },
        select: storedConnectionColumns,
      });
      if (!connection) return null;
      return { provider: adapters.adapterFor(connection), connectionId: connection.id };
    },
    async forConnection(connectionId) {
      const connection = await db.paymentConnection.findFirst({
        where: { id: connectionId, provider: { in: storeProviders } },
        select: storedConnectionColumns,
      });
      if (!connection) {
        adapters.forget(connectionId);
        throw new Error(
          `Store connection ${connectionId} no longer exists: it was removed in Settings → Connections.`,
        );
      }
      return adapters.adapterFor(connection);
    },
  };
}

/** For a process or test without stores: every workspace keeps its orders in Countersign. */
export const noCommerceProviders: CommerceProviders = {
  forWorkspace: async () => null,
  forConnection: async (connectionId) => {
    throw new Error(`Store connection ${connectionId} cannot be read: no store adapters here.`);
  },
};
