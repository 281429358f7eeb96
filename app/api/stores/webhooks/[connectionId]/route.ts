import { connectionWebhookRoute } from "@/lib/server/http/webhook-route";
import { receiveStoreWebhook } from "@/lib/server/services/commerce/receive-store-webhook";

export const dynamic = "force-dynamic";

// A store's order event carries the whole order in REST form: a large order is a few hundred
// kilobytes, never megabytes.
export const POST = connectionWebhookRoute({
  label: "store webhook",
  maxBodyBytes: 2 * 1024 * 1024,
  receive: receiveStoreWebhook,
});
