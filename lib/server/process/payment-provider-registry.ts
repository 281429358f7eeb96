import "server-only";
import type { PaymentProvider } from "@/lib/integrations/payments/payment-provider";
import { createShopifyPaymentProvider } from "@/lib/integrations/payments/shopify/shopify-payment-provider";
import { createStripePaymentProvider } from "@/lib/integrations/payments/stripe/stripe-payment-provider";
import type { ConnectionCredentials } from "./connection-adapters";

/**
 * Makes one provider's adapter from a connection's credentials: for Stripe the secret key and
 * webhook signing secret; for Shopify the shop's domain, the Admin API access token (secretKey)
 * and the app's client secret (webhookSecret). `apiUrl` points the adapter at a test double.
 */
export type PaymentProviderFactory = (options: {
  secretKey: string;
  webhookSecret: string;
  shopDomain?: string;
  apiUrl?: string;
}) => PaymentProvider;

/** The adapters this build can connect to, by the provider name a connection stores. */
export const PAYMENT_PROVIDER_FACTORIES: Readonly<Record<string, PaymentProviderFactory>> = {
  stripe: createStripePaymentProvider,
  shopify: createShopifyPaymentProvider,
};

/**
 * makeProvider for createConnectedPaymentProviders: the named adapter with the connection's
 * secrets and, where configured, the provider's base URL (STRIPE_API_URL for a test double).
 */
export function providerFromRegistry(
  factories: Readonly<Record<string, PaymentProviderFactory>>,
  apiUrls: Readonly<Record<string, string | undefined>>,
): (connection: ConnectionCredentials) => PaymentProvider {
  return (connection) => {
    const factory = Object.hasOwn(factories, connection.provider)
      ? factories[connection.provider]
      : undefined;
    if (!factory) {
      const known = Object.keys(factories);
      throw new Error(
        `This build has no payment provider adapter named "${connection.provider}" (it knows ${known.length > 0 ? known.map((name) => `"${name}"`).join(", ") : "none yet"}), so the connection cannot be used.`,
      );
    }
    const apiUrl = apiUrls[connection.provider];
    return factory({
      secretKey: connection.secretKey,
      webhookSecret: connection.webhookSecret,
      ...(connection.shopDomain !== null && { shopDomain: connection.shopDomain }),
      ...(apiUrl !== undefined && { apiUrl }),
    });
  };
}
