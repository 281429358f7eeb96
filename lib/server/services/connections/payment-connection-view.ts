import "server-only";
import type { PaymentConnection } from "@/lib/generated/prisma/client";

export type ConnectionHealth = "untested" | "healthy" | "failing";

/** A connection as Settings → Connections shows it: never a secret, only its last four. */
export type PaymentConnectionView = {
  id: string;
  workspaceId: string;
  provider: string;
  /** Shopify's `shop-name.myshopify.com`; null for Stripe. */
  shopDomain: string | null;
  mode: "live" | "test";
  secretKeyMasked: string;
  webhookSecretMasked: string;
  health: ConnectionHealth;
  healthDetail: string | null;
  checkedAt: Date | null;
  lastWebhookAt: Date | null;
  lastWebhookType: string | null;
  /** Where the provider sends this connection's events. */
  webhookUrl: string;
  updatedAt: Date;
};

export function maskSecret(last4: string): string {
  return `••••${last4}`;
}

/**
 * The webhook endpoint for one connection under the app's public URL (NEXTAUTH_URL): a payment
 * provider's refund events, or a store's order events.
 */
export function webhookUrlFor(
  publicBaseUrl: string,
  connection: { id: string; provider: string },
): string {
  const area = connection.provider === "shopify" ? "stores" : "payments";
  return new URL(`/api/${area}/webhooks/${encodeURIComponent(connection.id)}`, publicBaseUrl).href;
}

export function toPaymentConnectionView(
  row: PaymentConnection,
  publicBaseUrl: string,
): PaymentConnectionView {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    provider: row.provider,
    shopDomain: row.shopDomain,
    mode: row.mode === "live" ? "live" : "test",
    secretKeyMasked: maskSecret(row.secretKeyLast4),
    webhookSecretMasked: maskSecret(row.webhookSecretLast4),
    health: row.health === "healthy" || row.health === "failing" ? row.health : "untested",
    healthDetail: row.healthDetail,
    checkedAt: row.checkedAt,
    lastWebhookAt: row.lastWebhookAt,
    lastWebhookType: row.lastWebhookType,
    webhookUrl: webhookUrlFor(publicBaseUrl, row),
    updatedAt: row.updatedAt,
  };
}
