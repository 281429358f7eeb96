import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { CommerceProviders } from "@/lib/integrations/commerce/commerce-provider";
import { createLedgerPaymentProvider } from "@/lib/integrations/payments/ledger/ledger-payment-provider";
import type { PaymentProviders } from "@/lib/integrations/payments/payment-provider";
import { sealConnectionSecrets } from "@/lib/server/crypto/payment-connection-secrets";
import {
  COMMERCE_PROVIDER_FACTORIES,
  commerceProviderFromRegistry,
} from "@/lib/server/process/commerce-provider-registry";
import { createConnectedCommerceProviders } from "@/lib/server/process/commerce-providers";
import {
  PAYMENT_PROVIDER_FACTORIES,
  providerFromRegistry,
} from "@/lib/server/process/payment-provider-registry";
import { createConnectedPaymentProviders } from "@/lib/server/process/payment-providers";
import type { FakeShopify } from "./fake-shopify/fake-shopify-server";
import { TEST_CONNECTIONS_KEY } from "./test-connections-key";

/*
 * A shop (workspace) connected to the fake Shopify the way Settings → Connections connects one: a
 * sealed connection row, and the app's own store and payment providers made from it, pointed at
 * the fake's URL. Only the wire is fake.
 */

const encryptionKey = Buffer.from(TEST_CONNECTIONS_KEY, "base64url");

export async function shopConnectedToFakeShopify(
  prisma: PrismaClient,
  fake: FakeShopify,
  name = "Shopify Test Shop",
): Promise<{ workspaceId: string; workspaceKey: string; connectionId: string }> {
  const suffix = Math.random().toString(36).slice(2, 10);
  const workspace = await prisma.workspace.create({
    data: { key: `shopify-${suffix}`, name, identitySecret: `secret-${suffix}-`.padEnd(40, "x") },
  });
  const owner = { workspaceId: workspace.id, provider: "shopify" };
  const secrets = { secretKey: fake.shop.accessToken, webhookSecret: fake.shop.clientSecret };
  const connection = await prisma.paymentConnection.create({
    data: {
      ...owner,
      shopDomain: fake.shop.domain,
      ...sealConnectionSecrets(encryptionKey, owner, secrets),
      secretKeyLast4: secrets.secretKey.slice(-4),
      webhookSecretLast4: secrets.webhookSecret.slice(-4),
      mode: "test",
    },
  });
  return { workspaceId: workspace.id, workspaceKey: workspace.key, connectionId: connection.id };
}

/** The app's providers over the test database, Shopify's adapters speaking to the fake. */
export function providersForFakeShopify(
  prisma: PrismaClient,
  fake: FakeShopify,
): { commerce: CommerceProviders; payments: PaymentProviders } {
  const storeProviders = new Set(Object.keys(COMMERCE_PROVIDER_FACTORIES));
  return {
    commerce: createConnectedCommerceProviders({
      db: prisma,
      encryptionKey,
      storeProviders,
      makeProvider: commerceProviderFromRegistry(COMMERCE_PROVIDER_FACTORIES, {
        shopify: fake.apiUrl,
      }),
    }),
    payments: createConnectedPaymentProviders({
      db: prisma,
      encryptionKey,
      ledger: createLedgerPaymentProvider({ db: prisma }),
      makeProvider: providerFromRegistry(PAYMENT_PROVIDER_FACTORIES, { shopify: fake.apiUrl }),
      storeProviders,
    }),
  };
}
