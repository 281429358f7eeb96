import { minorUnitsOf } from "@/lib/integrations/commerce/shopify/shopify-money";
import type { VerifiedShopifyDelivery } from "@/lib/integrations/commerce/shopify/shopify-webhook";
import type { ProviderRefund, RefundNotification } from "../payment-provider";
import { metadataOfNote, refundStateOf, refundStateOfStatus } from "./shopify-refund";

/*
 * A verified `refunds/create` delivery read as a refund notification. Its body is the REST form
 * of the refund (snake_case, lower-case statuses, decimal strings with their currency), read as
 * the event saw it; any other topic carries no refunds.
 */

type RestTransaction = {
  kind?: unknown;
  status?: unknown;
  amount?: unknown;
  currency?: unknown;
  error_code?: unknown;
};

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function refundOfWebhookBody(body: Record<string, unknown>): ProviderRefund | null {
  const id = body.admin_graphql_api_id;
  if (typeof id !== "string") return null;
  const transactions = (Array.isArray(body.transactions) ? body.transactions : [])
    .filter((transaction): transaction is RestTransaction => typeof transaction === "object")
    .filter((transaction) => text(transaction.kind).toLowerCase() === "refund");
  const status = refundStateOf(transactions.map((transaction) => text(transaction.status)));
  const failed = transactions.find(
    (transaction) => refundStateOfStatus(text(transaction.status)) === "failed",
  );
  return {
    providerRefundId: id,
    status,
    statusReason: status === "failed" ? text(failed?.error_code).toLowerCase() || "unknown" : null,
    amountCents: transactions.reduce(
      (sum, transaction) =>
        sum + minorUnitsOf(text(transaction.amount), text(transaction.currency)),
      0,
    ),
    currency: text(transactions[0]?.currency).toUpperCase(),
    metadata: metadataOfNote(typeof body.note === "string" ? body.note : null),
    reused: true,
  };
}

export function refundNotificationOf(delivery: VerifiedShopifyDelivery): RefundNotification {
  const refund = delivery.topic === "refunds/create" ? refundOfWebhookBody(delivery.body) : null;
  return {
    eventId: delivery.eventId,
    eventType: delivery.topic,
    occurredAt: delivery.occurredAt,
    refunds: refund ? [refund] : [],
  };
}
