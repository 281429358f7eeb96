import "server-only";
import { openConnectionSecrets } from "@/lib/server/crypto/payment-connection-secrets";

/** What an adapter is made from: one connection's decrypted credentials. */
export type ConnectionCredentials = {
  id: string;
  provider: string;
  /** Shopify's `shop-name.myshopify.com`; null for Stripe. */
  shopDomain: string | null;
  secretKey: string;
  webhookSecret: string;
};

/** The columns of payment_connections an adapter is made from. */
export const storedConnectionColumns = {
  id: true,
  workspaceId: true,
  provider: true,
  shopDomain: true,
  secretKeyCiphertext: true,
  webhookSecretCiphertext: true,
} as const;

export type StoredConnection = {
  id: string;
  workspaceId: string;
  provider: string;
  shopDomain: string | null;
  secretKeyCiphertext: string;
  webhookSecretCiphertext: string;
};

/*
 * Adapters cached per connection and made again only when its ciphertexts change (new keys are
 * sealed under a fresh IV), so secrets are decrypted once per saved change, not per call, and a
 * health check or a webhook's bookkeeping on the row does not throw the adapter away.
 */
export function connectionAdapterCache<Adapter>(
  encryptionKey: Uint8Array,
  make: (connection: ConnectionCredentials) => Adapter,
): { adapterFor(connection: StoredConnection): Adapter; forget(connectionId: string): void } {
  const made = new Map<string, { sealed: string; adapter: Adapter }>();
  return {
    adapterFor(connection) {
      const sealed = `${connection.secretKeyCiphertext} ${connection.webhookSecretCiphertext} ${connection.shopDomain ?? ""}`;
      const cached = made.get(connection.id);
      if (cached?.sealed === sealed) return cached.adapter;
      let secrets: ReturnType<typeof openConnectionSecrets>;
      try {
        secrets = openConnectionSecrets(encryptionKey, connection);
      } catch {
        throw new Error(
          `The ${connection.provider} connection ${connection.id} cannot be decrypted with CONNECTIONS_ENCRYPTION_KEY (the key changed, or the stored secret was altered): enter its keys again in Settings → Connections.`,
        );
      }
      const adapter = make({
        id: connection.id,
        provider: connection.provider,
        shopDomain: connection.shopDomain,
        ...secrets,
      });
      made.set(connection.id, { sealed, adapter });
      return adapter;
    },
    forget(connectionId) {
      made.delete(connectionId);
    },
  };
}
