import "server-only";
import { selectProvider } from "@/lib/agent/model/select-provider";
import { createLedgerPaymentProvider } from "@/lib/integrations/payments/ledger/ledger-payment-provider";
import { db } from "@/lib/server/db";
import { getServerEnv } from "@/lib/server/env";
import { faultPoint } from "@/lib/server/fault-injection";
import { getLogger } from "@/lib/server/logger";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import {
  COMMERCE_PROVIDER_FACTORIES,
  commerceProviderFromRegistry,
} from "./commerce-provider-registry";
import { createConnectedCommerceProviders } from "./commerce-providers";
import { connectionsEncryptionKey } from "./connections-encryption-key";
import { PAYMENT_PROVIDER_FACTORIES, providerFromRegistry } from "./payment-provider-registry";
import { createConnectedPaymentProviders } from "./payment-providers";

let instance: UseCaseContext | undefined;

/**
 * The process's use-case context: the app's database, the wall clock, each workspace's payment
 * connection (the built-in ledger where it has none), the model provider the environment selects
 * and the app's logger. Made once per process (the model provider holds the model server's client
 * and its request slots, the payment providers their adapters); the parts that read the
 * environment are made on first use, so importing an edge never reads it during `next build`.
 */
export function appContext(): UseCaseContext {
  if (!instance) {
    let model: UseCaseContext["model"] | undefined;
    let payments: UseCaseContext["payments"] | undefined;
    let commerce: UseCaseContext["commerce"] | undefined;
    const storeProviders = new Set(Object.keys(COMMERCE_PROVIDER_FACTORIES));
    instance = {
      db,
      now: () => new Date(),
      get payments() {
        payments ??= createConnectedPaymentProviders({
          db,
          encryptionKey: connectionsEncryptionKey(),
          ledger: createLedgerPaymentProvider({ db }),
          makeProvider: providerFromRegistry(PAYMENT_PROVIDER_FACTORIES, {
            stripe: getServerEnv().STRIPE_API_URL,
            shopify: getServerEnv().SHOPIFY_API_URL,
          }),
          storeProviders,
        });
        return payments;
      },
      get commerce() {
        commerce ??= createConnectedCommerceProviders({
          db,
          encryptionKey: connectionsEncryptionKey(),
          storeProviders,
          makeProvider: commerceProviderFromRegistry(COMMERCE_PROVIDER_FACTORIES, {
            shopify: getServerEnv().SHOPIFY_API_URL,
          }),
        });
        return commerce;
      },
      get model() {
        model ??= selectProvider(getServerEnv());
        return model;
      },
      get logger() {
        return getLogger();
      },
      faultPoint,
    };
  }
  return instance;
}
