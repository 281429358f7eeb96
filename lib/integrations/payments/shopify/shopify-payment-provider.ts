import { ownRefundNote, pendingActionOfNote } from "@/lib/integrations/commerce/own-refund-note";
import {
  createShopifyAdminClient,
  type ShopifyAdminClientOptions,
} from "@/lib/integrations/commerce/shopify/shopify-admin-client";
import { decimalOf } from "@/lib/integrations/commerce/shopify/shopify-money";
import {
  paidTransactionOf,
  type ShopifyTransaction,
} from "@/lib/integrations/commerce/shopify/shopify-order";
import { checkShopifyConnection } from "@/lib/integrations/commerce/shopify/shopify-shop";
import { verifiedShopifyDelivery } from "@/lib/integrations/commerce/shopify/shopify-webhook";
import {
  type PaymentProvider,
  PaymentProviderError,
  type RefundRequest,
} from "../payment-provider";
import { callShopify, userErrorsError } from "./shopify-payment-errors";
import { providerRefundOf, REFUND_FIELDS, type ShopifyRefund } from "./shopify-refund";
import { refundNotificationOf } from "./shopify-refund-webhook";

/*
 * Refunds through Shopify, for shops whose customers pay through Shopify: one `refundCreate` per
 * action under its idempotency key (`@idempotent(key:)`), returning exactly the action's amount to
 * the order's paid transaction, with the lines and shipping it refunds so the shop's admin shows
 * what was returned. The create is never repeated here: a timeout, a dropped connection or a 5xx
 * is OUTCOME_UNKNOWN, settled by reconciliation (the refund found by its note, or the same key
 * inside the window).
 */

export type ShopifyPaymentProviderOptions = {
  /** The Admin API access token. */
  secretKey: string;
  /** The custom app's client secret, which signs its webhooks. */
  webhookSecret: string;
  shopDomain?: string;
  apiUrl?: string;
  now?: () => Date;
} & Pick<
  ShopifyAdminClientOptions,
  "timeoutMs" | "throttleRetries" | "maxThrottleWaitMs" | "sleep"
>;

/**
 * How long Shopify keeps a refundCreate idempotency key: 24 hours, per Shopify's "Implementing
 * idempotency" guide for mutations with the @idempotent directive. Past it the same key makes a
 * new refund, so Countersign sends such a retry to a person instead.
 */
export const SHOPIFY_IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

const PAYMENT_ORDER = `query CountersignPaymentOrder($id: ID!) {
  order(id: $id) {
    id
    currencyCode
    transactions(first: 20) {
      id
      kind
      status
      gateway
      amountSet { shopMoney { amount currencyCode } }
    }
    refunds(first: 20) { ${REFUND_FIELDS} }
  }
}`;

const REFUND = `query CountersignRefund($id: ID!) {
  refund(id: $id) { ${REFUND_FIELDS} }
}`;

const REFUND_CREATE = `mutation CountersignRefundCreate($input: RefundInput!, $idempotencyKey: String!) {
  refundCreate(input: $input) @idempotent(key: $idempotencyKey) {
    refund { ${REFUND_FIELDS} }
    userErrors { field message }
  }
}`;

type PaymentOrder = {
  id: string;
  currencyCode: string;
  transactions: Pick<ShopifyTransaction, "id" | "kind" | "status" | "gateway" | "amountSet">[];
  refunds: ShopifyRefund[];
};

type RefundCreateAnswer = {
  refundCreate: { refund: ShopifyRefund | null; userErrors: { message: string }[] } | null;
};

function orderGidOf(request: Pick<RefundRequest, "paymentReference">): string {
  const reference = request.paymentReference;
  if (!reference)
    throw new PaymentProviderError("REFUSED", "The order has no Shopify order to refund");
  if (!/^gid:\/\/shopify\/Order\/\d+$/.test(reference)) {
    throw new PaymentProviderError(
      "REFUSED",
      `The order's payment ${reference} is not a Shopify order (gid://shopify/Order/…)`,
    );
  }
  return reference;
}

/** The refundCreate input, built from the request and the order's paid transaction alone. */
export function refundInputOf(
  request: RefundRequest,
  order: Pick<PaymentOrder, "id" | "currencyCode">,
  paid: { id: string; gateway: string | null },
): Record<string, unknown> {
  const currency = order.currencyCode;
  const lines = request.lines.map((line) => {
    if (!line.externalId) {
      throw new PaymentProviderError(
        "REFUSED",
        "A line of the refund has no Shopify line item, so Shopify cannot refund it",
      );
    }
    // Countersign does not know whether the item comes back to stock: the shop restocks by hand.
    return { lineItemId: line.externalId, quantity: line.quantity, restockType: "NO_RESTOCK" };
  });
  return {
    orderId: order.id,
    note: ownRefundNote(request.metadata.pendingActionId, {
      quoteHash: request.metadata.quoteHash,
      conversationId: request.metadata.conversationId,
    }),
    // Countersign tells the customer itself, in the conversation and by email.
    notify: false,
    refundLineItems: lines,
    ...(request.shippingCents > 0 && {
      refundShipping: { amount: decimalOf(request.shippingCents, currency) },
    }),
    transactions: [
      {
        orderId: order.id,
        parentId: paid.id,
        gateway: paid.gateway,
        kind: "REFUND",
        amount: decimalOf(request.amountCents, currency),
      },
    ],
  };
}

export function createShopifyPaymentProvider(
  options: ShopifyPaymentProviderOptions,
): PaymentProvider {
  if (!options.shopDomain) {
    throw new Error(
      "A Shopify payment connection needs its shop's domain (shop-name.myshopify.com)",
    );
  }
  const shopDomain = options.shopDomain;
  const client = createShopifyAdminClient({
    ...options,
    accessToken: options.secretKey,
    shopDomain,
  });
  const now = options.now ?? (() => new Date());

  async function paymentOrder(
    request: Pick<RefundRequest, "paymentReference">,
  ): Promise<PaymentOrder> {
    const id = orderGidOf(request);
    const { order } = await callShopify(() =>
      client.request<{ order: PaymentOrder | null }>(PAYMENT_ORDER, { id }),
    );
    if (!order) throw new PaymentProviderError("REFUSED", `Shopify has no order ${id} to refund`);
    return order;
  }

  function refundsOfAction(order: PaymentOrder, pendingActionId: string): ShopifyRefund[] {
    return order.refunds
      .filter((refund) => pendingActionOfNote(refund.note) === pendingActionId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  return {
    name: "shopify",
    idempotencyWindowMs: SHOPIFY_IDEMPOTENCY_WINDOW_MS,

    async createRefund(request) {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new PaymentProviderError("REFUSED", "A refund must return a positive whole amount");
      }
      const order = await paymentOrder(request);
      if (order.currencyCode !== request.currency.toUpperCase()) {
        throw new PaymentProviderError(
          "REFUSED",
          `The order was paid in ${order.currencyCode}, and the refund is in ${request.currency.toUpperCase()}`,
        );
      }
      const paid = paidTransactionOf(order.transactions);
      if (!paid) {
        throw new PaymentProviderError(
          "REFUSED",
          `Shopify's order ${order.id} has no paid transaction to refund`,
        );
      }
      // Refunds this action already has: a refund answered under the key that is one of them is
      // Shopify's replay of the first call, not a new one.
      const before = new Set(
        refundsOfAction(order, request.metadata.pendingActionId).map((refund) => refund.id),
      );
      const answer = await callShopify(() =>
        client.request<RefundCreateAnswer>(REFUND_CREATE, {
          input: refundInputOf(request, order, paid),
          idempotencyKey: request.idempotencyKey,
        }),
      );
      const payload = answer.refundCreate;
      if (payload && payload.userErrors.length > 0) throw userErrorsError(payload.userErrors);
      if (!payload?.refund) {
        throw new PaymentProviderError(
          "OUTCOME_UNKNOWN",
          "Shopify answered refundCreate with no refund and no error",
        );
      }
      return providerRefundOf(payload.refund, before.has(payload.refund.id));
    },

    async getRefund(providerRefundId) {
      if (!/^gid:\/\/shopify\/Refund\/\d+$/.test(providerRefundId)) {
        throw new PaymentProviderError("NOT_FOUND", `${providerRefundId} is not a Shopify refund`);
      }
      const { refund } = await callShopify(() =>
        client.request<{ refund: ShopifyRefund | null }>(REFUND, { id: providerRefundId }),
      );
      if (!refund)
        throw new PaymentProviderError("NOT_FOUND", `Shopify has no refund ${providerRefundId}`);
      return providerRefundOf(refund, true);
    },

    async findRefund(request) {
      const order = await paymentOrder(request);
      // The action's refund is its first; a second with the same note can only come from a retry
      // past the key's window, and is not the one to follow.
      const [made] = refundsOfAction(order, request.metadata.pendingActionId);
      return made ? providerRefundOf(made, true) : null;
    },

    async parseWebhook(delivery) {
      const verified = verifiedShopifyDelivery(
        delivery,
        { clientSecret: options.webhookSecret, shopDomain },
        now(),
        (reason) =>
          new PaymentProviderError("WEBHOOK_REJECTED", `Shopify webhook rejected: ${reason}`),
      );
      return refundNotificationOf(verified);
    },

    checkConnection: () => checkShopifyConnection(client),
  };
}
