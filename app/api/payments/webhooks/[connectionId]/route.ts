import { connectionWebhookRoute } from "@/lib/server/http/webhook-route";
import { receivePaymentWebhook } from "@/lib/server/services/pending-actions/receive-payment-webhook";

export const dynamic = "force-dynamic";

// Stripe's events are a few kilobytes; anything this large is not one.
export const POST = connectionWebhookRoute({
  label: "payment webhook",
  maxBodyBytes: 512 * 1024,
  receive: receivePaymentWebhook,
});
