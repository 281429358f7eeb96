import { shopifyDecimal } from "./fake-shopify-money";
import {
  type FakeOrder,
  type FakeRefund,
  type FakeShop,
  type FakeTransaction,
  numericId,
} from "./fake-shopify-shop";

/*
 * The fake's objects in Shopify's two wire shapes: the GraphQL Admin API's (camelCase, MoneyBag
 * `…Set { shopMoney }`, connections with `nodes`) for the fields the adapters select, and the
 * REST-style JSON Shopify puts in webhook bodies (snake_case, numeric ids beside
 * `admin_graphql_api_id`).
 */

function moneyBag(units: number, currency: string) {
  return { shopMoney: { amount: shopifyDecimal(units, currency), currencyCode: currency } };
}

function transactionJson(transaction: FakeTransaction, currency: string) {
  return {
    id: transaction.id,
    kind: transaction.kind,
    status: transaction.status,
    gateway: transaction.gateway,
    errorCode: transaction.errorCode,
    amountSet: moneyBag(transaction.amountUnits, currency),
    paymentDetails:
      transaction.cardCompany || transaction.cardNumber
        ? { company: transaction.cardCompany, number: transaction.cardNumber }
        : null,
  };
}

export function refundJson(refund: FakeRefund, currency: string) {
  return {
    id: refund.id,
    note: refund.note,
    createdAt: refund.createdAt.toISOString(),
    order: { id: refund.orderId },
    refundLineItems: {
      nodes: refund.lines.map((line) => ({
        quantity: line.quantity,
        lineItem: { id: line.lineItemId },
      })),
    },
    refundShippingLines: {
      nodes:
        refund.shippingUnits > 0
          ? [{ subtotalAmountSet: moneyBag(refund.shippingUnits, currency) }]
          : [],
    },
    transactions: {
      nodes: refund.transactions.map((transaction) => transactionJson(transaction, currency)),
    },
  };
}

export function orderJson(shop: FakeShop, order: FakeOrder) {
  const customer = order.customerId ? shop.customers.get(order.customerId) : undefined;
  return {
    id: order.id,
    name: order.name,
    email: order.email,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    currencyCode: order.currency,
    customer: customer
      ? { id: customer.id, email: customer.email, displayName: customer.displayName }
      : null,
    totalShippingPriceSet: moneyBag(order.shippingUnits, order.currency),
    fulfillments: order.fulfillments.map((fulfillment) => ({
      createdAt: fulfillment.createdAt.toISOString(),
      deliveredAt: fulfillment.deliveredAt?.toISOString() ?? null,
    })),
    lineItems: {
      nodes: order.lines.map((line) => ({
        id: line.id,
        sku: line.sku,
        name: line.name,
        currentQuantity: line.currentQuantity,
        discountedUnitPriceAfterAllDiscountsSet: moneyBag(line.unitPriceUnits, order.currency),
        customAttributes: line.customAttributes,
        product: { productType: line.productType, tags: line.tags },
      })),
    },
    transactions: order.transactions.map((transaction) =>
      transactionJson(transaction, order.currency),
    ),
    refunds: order.refunds.map((refund) => refundJson(refund, order.currency)),
  };
}

/** REST amounts keep every minor digit: "48.00", "1980". */
function restDecimal(units: number, currency: string): string {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
    .maximumFractionDigits;
  return (units / 10 ** (digits ?? 2)).toFixed(digits ?? 2);
}

export function orderWebhookBody(order: FakeOrder) {
  return {
    id: numericId(order.id),
    admin_graphql_api_id: order.id,
    name: order.name,
    email: order.email,
    currency: order.currency,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    line_items: order.lines.map((line) => ({
      id: numericId(line.id),
      admin_graphql_api_id: line.id,
      name: line.name,
      quantity: line.quantity,
      current_quantity: line.currentQuantity,
      price: restDecimal(line.unitPriceUnits, order.currency),
    })),
  };
}

export function refundWebhookBody(refund: FakeRefund, currency: string) {
  return {
    id: numericId(refund.id),
    admin_graphql_api_id: refund.id,
    order_id: numericId(refund.orderId),
    created_at: refund.createdAt.toISOString(),
    note: refund.note,
    restock: refund.lines.some((line) => line.restockType !== "NO_RESTOCK"),
    refund_line_items: refund.lines.map((line) => ({
      line_item_id: numericId(line.lineItemId),
      quantity: line.quantity,
      restock_type: line.restockType.toLowerCase(),
    })),
    transactions: refund.transactions.map((transaction) => ({
      id: numericId(transaction.id),
      admin_graphql_api_id: transaction.id,
      order_id: numericId(refund.orderId),
      kind: transaction.kind.toLowerCase(),
      status: transaction.status.toLowerCase(),
      gateway: transaction.gateway,
      amount: restDecimal(transaction.amountUnits, currency),
      currency,
      error_code: transaction.errorCode?.toLowerCase() ?? null,
      parent_id: transaction.parentId ? numericId(transaction.parentId) : null,
      created_at: transaction.createdAt.toISOString(),
    })),
  };
}
