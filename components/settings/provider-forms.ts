import type { KeyField } from "./keys-field-errors";

/** What Settings → Connections asks for and shows, per provider. */
export type ProviderForm = {
  provider: "stripe" | "shopify";
  label: string;
  /** The card's description. */
  purpose: string;
  /** Said to a non-admin when there is no connection. */
  notConnected: string;
  fields: {
    name: KeyField;
    label: string;
    secret: boolean;
    hint: string;
  }[];
  /** Where the provider is told to send events, said next to the webhook URL. */
  webhookHelp: string;
  /** The events (Stripe) or topics (Shopify) the endpoint must send. */
  webhookEvents: readonly string[];
};

export const STRIPE_FORM: ProviderForm = {
  provider: "stripe",
  label: "Stripe",
  purpose:
    "Refunds for this shop's customers are made in its Stripe account. Without a connection they go through the built-in ledger.",
  notConnected:
    "Not connected: refunds go through the built-in ledger. An admin can connect Stripe here.",
  fields: [
    {
      name: "secretKey",
      label: "Secret key",
      secret: true,
      hint: "In Stripe's dashboard: Developers → API keys. Use a restricted key (rk_…) with Refunds write and Charges, PaymentIntents and Balance read, or the secret key (sk_…). Test-mode keys start with sk_test_ or rk_test_.",
    },
    {
      name: "webhookSecret",
      label: "Webhook signing secret",
      secret: true,
      hint: "In Stripe's dashboard: Developers → Webhooks → your Countersign endpoint → Signing secret (whsec_…). Add the endpoint first; its URL is shown here after saving.",
    },
  ],
  webhookHelp:
    "In Stripe: Developers → Webhooks → Add endpoint, paste this URL and select these events:",
  webhookEvents: ["refund.created", "refund.updated", "refund.failed", "charge.refunded"],
};

export const SHOPIFY_FORM: ProviderForm = {
  provider: "shopify",
  label: "Shopify",
  purpose:
    "Customers' orders are read live from this shop's Shopify store, and refunds on those orders are made in Shopify. Without a connection, orders are the ones kept in Countersign (pushed or imported).",
  notConnected:
    "Not connected: orders are those kept in Countersign. An admin can connect Shopify here.",
  fields: [
    {
      name: "shopDomain",
      label: "Shop domain",
      secret: false,
      hint: "The shop's myshopify.com domain, e.g. your-shop.myshopify.com (Shopify admin → Settings → Domains).",
    },
    {
      name: "secretKey",
      label: "Admin API access token",
      secret: true,
      hint: "Shopify admin → Settings → Apps and sales channels → Develop apps → your Countersign app → API credentials: the Admin API access token (shpat_…), with read_orders, read_customers and write_orders scopes.",
    },
    {
      name: "webhookSecret",
      label: "Webhook signing key",
      secret: true,
      hint: "For webhooks added in Settings → Notifications → Webhooks: the key that page says they are signed with. For webhooks your app subscribes to: the app's API secret key (client secret).",
    },
  ],
  webhookHelp:
    "In Shopify: Settings → Notifications → Webhooks → Create webhook, in JSON format, with this URL, once for each of these topics:",
  webhookEvents: ["orders/updated", "refunds/create"],
};
