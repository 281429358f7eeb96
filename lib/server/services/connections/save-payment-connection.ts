import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { sealConnectionSecrets } from "@/lib/server/crypto/payment-connection-secrets";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { lockWorkspaceProvider } from "./payment-connection-queries";
import { type PaymentConnectionView, toPaymentConnectionView } from "./payment-connection-view";
import { recordIdSchema } from "./record-id";
import { requireConnectionAdmin } from "./require-connection-admin";

// Messages say what to paste and where to find it; they never repeat what was pasted.
const stripeSecretKey = z
  .string()
  .trim()
  .regex(
    /^(sk|rk)_(live|test)_[0-9A-Za-z]{8,247}$/,
    "Paste a Stripe secret key (sk_live_… or sk_test_…) or restricted key (rk_live_… or rk_test_…) from Developers → API keys; a publishable key (pk_…) cannot make refunds",
  );

const stripeWebhookSecret = z
  .string()
  .trim()
  .regex(
    /^whsec_[0-9A-Za-z+/=_-]{8,250}$/,
    "Paste the webhook endpoint's signing secret (whsec_…) from Developers → Webhooks → your endpoint → Signing secret",
  );

const shopifyShopDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/,
    "Enter the shop's myshopify.com domain, e.g. your-shop.myshopify.com (Shopify admin → Settings → Domains), not its public domain",
  );

const shopifyAccessToken = z
  .string()
  .trim()
  .regex(
    /^shp(at|ca|pa)_[0-9a-fA-F]{32}$/,
    "Paste the Admin API access token (shpat_…) from your custom app's API credentials; it is shown once when the app is installed",
  );

const shopifyClientSecret = z
  .string()
  .trim()
  .regex(
    /^(shpss_)?[0-9a-fA-F]{32,64}$/,
    "Paste the key Shopify signs the webhooks with: Settings → Notifications → Webhooks shows it for webhooks added there; for your app's own subscriptions it is the app's API secret key",
  );

/** The body of PUT /api/settings/connections: Stripe's keys, or a Shopify store's. */
export const paymentConnectionKeysSchema = z.discriminatedUnion("provider", [
  z
    .object({
      workspaceId: recordIdSchema,
      provider: z.literal("stripe"),
      secretKey: stripeSecretKey,
      webhookSecret: stripeWebhookSecret,
    })
    .strict(),
  z
    .object({
      workspaceId: recordIdSchema,
      provider: z.literal("shopify"),
      shopDomain: shopifyShopDomain,
      secretKey: shopifyAccessToken,
      webhookSecret: shopifyClientSecret,
    })
    .strict(),
]);

export type SavePaymentConnectionInput = z.input<typeof paymentConnectionKeysSchema> & {
  staffId: string;
  /** NEXTAUTH_URL, for the webhook URL shown back. */
  publicBaseUrl: string;
  /** CONNECTIONS_ENCRYPTION_KEY's bytes. */
  encryptionKey: Uint8Array;
};

export type PaymentConnectionSaved = { connection: PaymentConnectionView; replaced: boolean };

// Stripe's keys say their mode; a Shopify token does not (a development store is found out by
// the connection test), so a store counts as live until then.
function modeOf(keys: z.output<typeof paymentConnectionKeysSchema>): "live" | "test" {
  if (keys.provider === "shopify") return "live";
  return keys.secretKey.split("_")[1] === "live" ? "live" : "test";
}

/*
 * Stores a workspace's keys for a provider, sealed, in place of any it had: one row per workspace
 * and provider, its health back to untested (the new keys have not been tried). The row and its
 * audit event commit together; neither holds more of a secret than its last four characters.
 */
export async function savePaymentConnection(
  input: SavePaymentConnectionInput,
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<PaymentConnectionSaved> {
  const { db } = context;
  const now = context.now();
  const actor = await requireConnectionAdmin(db, input.staffId);
  const { staffId: _staff, publicBaseUrl: _url, encryptionKey, ...body } = input;
  const keys = paymentConnectionKeysSchema.parse(body);
  const owner = { workspaceId: keys.workspaceId, provider: keys.provider };
  const stored = {
    ...sealConnectionSecrets(encryptionKey, owner, keys),
    shopDomain: keys.provider === "shopify" ? keys.shopDomain : null,
    secretKeyLast4: keys.secretKey.slice(-4),
    webhookSecretLast4: keys.webhookSecret.slice(-4),
    mode: modeOf(keys),
    health: "untested",
    healthDetail: null,
    checkedAt: null,
  };
  return db.$transaction(async (tx) => {
    const workspace = await tx.workspace.findUnique({ where: { id: keys.workspaceId } });
    if (!workspace) throw new AppError("NOT_FOUND", "No such workspace");
    await lockWorkspaceProvider(tx, owner.workspaceId, owner.provider);
    const existing = await tx.paymentConnection.findUnique({
      where: { workspaceId_provider: owner },
      select: { id: true },
    });
    const row = await tx.paymentConnection.upsert({
      where: { workspaceId_provider: owner },
      create: { ...owner, ...stored, createdAt: now, updatedAt: now },
      update: { ...stored, updatedAt: now },
    });
    await appendAuditEvents(tx, [
      {
        kind: "payment_connection.saved",
        subjectType: "payment_connection",
        subjectId: row.id,
        actor,
        occurredAt: now,
        payload: {
          ...owner,
          ...(row.shopDomain !== null && { shopDomain: row.shopDomain }),
          mode: row.mode,
          secretKeyLast4: row.secretKeyLast4,
          webhookSecretLast4: row.webhookSecretLast4,
          replaced: existing !== null,
        },
      },
    ]);
    return {
      connection: toPaymentConnectionView(row, input.publicBaseUrl),
      replaced: existing !== null,
    };
  });
}
