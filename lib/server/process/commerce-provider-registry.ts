import "server-only";
import type { CommerceProvider } from "@/lib/integrations/commerce/commerce-provider";
import { createShopifyCommerceProvider } from "@/lib/integrations/commerce/shopify/shopify-commerce-provider";
import type { ConnectionCredentials } from "./connection-adapters";

/**
 * Makes one store's adapter from a connection's credentials: the shop's domain, the Admin API
 * access token (secretKey) and the app's client secret, which signs its webhooks (webhookSecret).
 * `apiUrl` points the adapter at a test double.
 */
export type CommerceProviderFactory = (options: {
  shopDomain: string;
  accessToken: string;
  clientSecret: string;
  apiUrl?: string;
}) => CommerceProvider;

/** The stores this build can read, by the provider name a connection stores. */
export const COMMERCE_PROVIDER_FACTORIES: Readonly<Record<string, CommerceProviderFactory>> = {
  shopify: createShopifyCommerceProvider,
};

/** makeProvider for createConnectedCommerceProviders. */
export function commerceProviderFromRegistry(
  factories: Readonly<Record<string, CommerceProviderFactory>>,
  apiUrls: Readonly<Record<string, string | undefined>>,
): (connection: ConnectionCredentials) => CommerceProvider {
  return (connection) => {
    const factory = Object.hasOwn(factories, connection.provider)
      ? factories[connection.provider]
      : undefined;
    if (!factory || connection.shopDomain === null) {
      throw new Error(
        `This build cannot read a store through a "${connection.provider}" connection${connection.shopDomain === null ? " without a shop domain" : ""}.`,
      );
    }
    const apiUrl = apiUrls[connection.provider];
    return factory({
      shopDomain: connection.shopDomain,
      accessToken: connection.secretKey,
      clientSecret: connection.webhookSecret,
      ...(apiUrl !== undefined && { apiUrl }),
    });
  };
}
