import type { ConnectionCheck } from "@/lib/integrations/payments/payment-provider";
import type { ShopifyAdminClient } from "./shopify-admin-client";
import { commerceErrorOf } from "./shopify-errors";

/*
 * "Test connection" for a Shopify connection, shared by the store and the payment adapter: one
 * cheap read of the shop. A development store (a Partner's, never charged real money) is a test
 * connection; any other store is live.
 */

const SHOP = `query CountersignShop {
  shop { name myshopifyDomain plan { partnerDevelopment } }
}`;

type ShopAnswer = {
  shop: { name: string; myshopifyDomain: string; plan: { partnerDevelopment: boolean } };
};

export async function checkShopifyConnection(client: ShopifyAdminClient): Promise<ConnectionCheck> {
  try {
    const { shop } = await client.request<ShopAnswer>(SHOP);
    return {
      ok: true,
      mode: shop.plan.partnerDevelopment ? "test" : "live",
      accountLabel: `${shop.name} (${shop.myshopifyDomain})`,
    };
  } catch (error) {
    const mapped = commerceErrorOf(error);
    if (mapped.code === "AUTHENTICATION") {
      return {
        ok: false,
        detail: `Shopify did not accept the access token for ${client.shopDomain}. Copy the Admin API access token again from the custom app (Settings → Apps and sales channels → Develop apps → the app → API credentials), and check it has the read_orders, read_customers and write_orders scopes.`,
      };
    }
    if (mapped.code === "RATE_LIMITED") {
      return { ok: false, detail: `Shopify is throttling the shop's API calls: ${mapped.message}` };
    }
    return {
      ok: false,
      detail: `Shopify could not be reached at ${client.shopDomain}: ${mapped.message}`,
    };
  }
}
