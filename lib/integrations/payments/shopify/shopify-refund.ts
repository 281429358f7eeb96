import type { RefundState } from "@/lib/domain/refund-state";
import { traceOfNote } from "@/lib/integrations/commerce/own-refund-note";
import { minorUnitsOf } from "@/lib/integrations/commerce/shopify/shopify-money";
import type { ProviderRefund, RefundMetadata } from "../payment-provider";

/*
 * Shopify's Refund in the payment seam's words. A Shopify refund has no state of its own: the
 * money moves in its REFUND transactions, so its state is theirs (all settled → succeeded, any
 * failed → failed, otherwise pending), and its amount is what they return. It has no metadata
 * either: Countersign's note (own-refund-note.ts) carries the action, quote and conversation.
 */

export const REFUND_FIELDS = `
  id
  note
  createdAt
  order { id }
  transactions(first: 10) {
    nodes {
      id
      kind
      status
      gateway
      errorCode
      amountSet { shopMoney { amount currencyCode } }
    }
  }
`;

export type ShopifyRefundTransaction = {
  id: string;
  kind: string;
  status: string;
  gateway: string | null;
  errorCode: string | null;
  amountSet: { shopMoney: { amount: string; currencyCode: string } };
};

export type ShopifyRefund = {
  id: string;
  note: string | null;
  createdAt: string;
  order: { id: string };
  transactions: { nodes: ShopifyRefundTransaction[] };
};

/** One refund transaction's state: Shopify's OrderTransactionStatus in the seam's words. */
export function refundStateOfStatus(status: string): RefundState {
  switch (status.toUpperCase()) {
    case "SUCCESS":
      return "succeeded";
    case "FAILURE":
    case "ERROR":
      return "failed";
    default:
      // PENDING, AWAITING_RESPONSE, UNKNOWN: not paid, not final.
      return "pending";
  }
}

/** The refund's state from its transactions' states. */
export function refundStateOf(statuses: string[]): RefundState {
  const states = statuses.map(refundStateOfStatus);
  if (states.length === 0) return "pending";
  if (states.includes("failed")) return "failed";
  if (states.every((state) => state === "succeeded")) return "succeeded";
  return "pending";
}

export function metadataOfNote(note: string | null): RefundMetadata | null {
  return traceOfNote(note);
}

export function providerRefundOf(refund: ShopifyRefund, reused: boolean): ProviderRefund {
  const transactions = refund.transactions.nodes.filter(
    (transaction) => transaction.kind.toUpperCase() === "REFUND",
  );
  const status = refundStateOf(transactions.map((transaction) => transaction.status));
  const currency = transactions[0]?.amountSet.shopMoney.currencyCode ?? "";
  const failedCode = transactions.find(
    (transaction) => refundStateOfStatus(transaction.status) === "failed",
  )?.errorCode;
  return {
    providerRefundId: refund.id,
    status,
    statusReason: status === "failed" ? (failedCode?.toLowerCase() ?? "unknown") : null,
    amountCents: transactions.reduce(
      (sum, transaction) =>
        sum +
        minorUnitsOf(
          transaction.amountSet.shopMoney.amount,
          transaction.amountSet.shopMoney.currencyCode,
        ),
      0,
    ),
    currency,
    metadata: metadataOfNote(refund.note),
    reused,
  };
}
