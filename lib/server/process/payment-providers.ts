import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type {
  PaymentProvider,
  PaymentProviders,
} from "@/lib/integrations/payments/payment-provider";
import { openConnectionSecrets } from "@/lib/server/crypto/payment-connection-secrets";

/** What a provider adapter is made from: one connection's decrypted credentials. */
export type ConnectionCredentials = {
  id: string;
  provider: string;
  secretKey: string;
  webhookSecret: string;
};

export type ConnectedPaymentProvidersOptions = {
  db: PrismaClient;
  /** CONNECTIONS_ENCRYPTION_KEY's bytes. */
  encryptionKey: Uint8Array;
  /** The built-in provider: for a workspace without a connection, and for refunds it made. */
  ledger: PaymentProvider;
  makeProvider: (connection: ConnectionCredentials) => PaymentProvider;
};

const connectionColumns = {
  id: true,
  workspaceId: true,
  provider: true,
  secretKeyCiphertext: true,
  webhookSecretCiphertext: true,
} as const;

type StoredConnection = {
  id: string;
  workspaceId: string;
  provider: string;
  secretKeyCiphertext: string;
  webhookSecretCiphertext: string;
};

/*
 * Each workspace pays through its own connection. Adapters are cached per connection and made
 * again only when its ciphertexts change (new keys are sealed under a fresh IV), so secrets are
 * decrypted once per saved change, not per refund, and a health check or a webhook's bookkeeping
 * on the row does not throw the adapter away. The row is read on every call, so a connection
 * saved or removed on another instance applies here at once.
 */
export function createConnectedPaymentProviders(
  options: ConnectedPaymentProvidersOptions,
): PaymentProviders {
  const { db, encryptionKey, ledger, makeProvider } = options;
  const made = new Map<string, { sealed: string; provider: PaymentProvider }>();

  function providerFor(connection: StoredConnection): PaymentProvider {
    const sealed = `${connection.secretKeyCiphertext} ${connection.webhookSecretCiphertext}`;
    const cached = made.get(connection.id);
    if (cached?.sealed === sealed) return cached.provider;
    let secrets: ReturnType<typeof openConnectionSecrets>;
    try {
      secrets = openConnectionSecrets(encryptionKey, connection);
    } catch {
      throw new Error(
        `The ${connection.provider} connection ${connection.id} cannot be decrypted with CONNECTIONS_ENCRYPTION_KEY (the key changed, or the stored secret was altered): enter its keys again in Settings → Connections.`,
      );
    }
    const provider = makeProvider({ id: connection.id, provider: connection.provider, ...secrets });
    made.set(connection.id, { sealed, provider });
    return provider;
  }

  return {
    async forWorkspace(workspaceId) {
      if (workspaceId === null) return { provider: ledger, connectionId: null };
      const connection = await db.paymentConnection.findFirst({
        where: { workspaceId },
        orderBy: { createdAt: "asc" },
        select: connectionColumns,
      });
      if (!connection) return { provider: ledger, connectionId: null };
      return { provider: providerFor(connection), connectionId: connection.id };
    },
    async forConnection(connectionId) {
      if (connectionId === null) return ledger;
      const connection = await db.paymentConnection.findUnique({
        where: { id: connectionId },
        select: connectionColumns,
      });
      if (!connection) {
        made.delete(connectionId);
        throw new Error(
          `Payment connection ${connectionId} no longer exists: it was removed in Settings → Connections.`,
        );
      }
      return providerFor(connection);
    },
  };
}
