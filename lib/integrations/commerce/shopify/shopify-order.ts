import type {
  StoreOrder,
  StoreOrderLine,
  StoreRefund,
} from "@/lib/integrations/commerce/commerce-provider";
import { minorUnitsOf } from "./shopify-money";

/*
 * Shopify's Order, as the GraphQL Admin API returns it for ORDER_FIELDS, in the seam's words. The
 * conventions (which product type is which policy category, the `final-sale` tag, the `opened`
 * line attribute) are documented in docs/stores-shopify.md. Money is the shop's money
 * (`shopMoney`), in the order's shop currency.
 *
 * The page sizes keep one order's requested cost near 850 of the 1,000 points a single query may
 * cost: an order reads its first 100 lines, 20 transactions and 20 refunds (20 lines each).
 */

export const ORDER_FIELDS = `
  id
  name
  email
  createdAt
  updatedAt
  currencyCode
  customer { id email displayName }
  totalShippingPriceSet { shopMoney { amount currencyCode } }
  fulfillments(first: 10) { createdAt deliveredAt }
  lineItems(first: 100) {
    nodes {
      id
      sku
      name
      currentQuantity
      discountedUnitPriceAfterAllDiscountsSet { shopMoney { amount currencyCode } }
      customAttributes { key value }
      product { productType tags }
    }
  }
  transactions(first: 20) {
    id
    kind
    status
    gateway
    amountSet { shopMoney { amount currencyCode } }
    paymentDetails { ... on CardPaymentDetails { company number } }
  }
  refunds(first: 20) {
    id
    note
    createdAt
    refundLineItems(first: 20) { nodes { quantity lineItem { id } } }
    refundShippingLines(first: 5) { nodes { subtotalAmountSet { shopMoney { amount currencyCode } } } }
  }
`;

type Money = { shopMoney: { amount: string; currencyCode: string } };

export type ShopifyTransaction = {
  id: string;
  kind: string;
  status: string;
  gateway: string | null;
  amountSet: Money;
  paymentDetails: { company?: string | null; number?: string | null } | null;
};

export type ShopifyOrder = {
  id: string;
  name: string;
  email: string | null;
  createdAt: string;
  updatedAt: string;
  currencyCode: string;
  customer: { id: string; email: string | null; displayName: string } | null;
  totalShippingPriceSet: Money;
  fulfillments: { createdAt: string; deliveredAt: string | null }[];
  lineItems: {
    nodes: {
      id: string;
      sku: string | null;
      name: string;
      currentQuantity: number;
      discountedUnitPriceAfterAllDiscountsSet: Money;
      customAttributes: { key: string; value: string | null }[];
      product: { productType: string; tags: string[] } | null;
    }[];
  };
  transactions: ShopifyTransaction[];
  refunds: {
    id: string;
    note: string | null;
    createdAt: string;
    refundLineItems: { nodes: { quantity: number; lineItem: { id: string } }[] };
    refundShippingLines: { nodes: { subtotalAmountSet: Money }[] };
  }[];
};

/** The category a line gets when its product has no type (or the line no product). */
export const UNCATEGORISED = "general";

/** "Gift Card" → `gift_card`, "Kitchen & Dining" → `kitchen_dining`; empty → `general`. */
export function categoryOf(productType: string | null | undefined): string {
  const normalised = (productType ?? "")
    .trim()
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return normalised || UNCATEGORISED;
}

export const FINAL_SALE_TAG = "final-sale";
export const OPENED_ATTRIBUTE = "opened";

function isTrue(value: string | null | undefined): boolean {
  return ["true", "yes", "1"].includes((value ?? "").trim().toLowerCase());
}

/** The successful sale or capture the customer paid with: what a refund goes back to. */
export function paidTransactionOf<Transaction extends Pick<ShopifyTransaction, "kind" | "status">>(
  transactions: Transaction[],
): Transaction | null {
  return (
    transactions.find(
      (transaction) =>
        (transaction.kind === "SALE" || transaction.kind === "CAPTURE") &&
        transaction.status === "SUCCESS",
    ) ?? null
  );
}

/** "Visa •4242" from the card, else the gateway's name ("shopify_payments", "manual"). */
export function paymentMethodLabelOf(transactions: ShopifyTransaction[]): string {
  const paid = paidTransactionOf(transactions);
  if (!paid) return "Unpaid";
  const company = paid.paymentDetails?.company?.trim();
  const last4 = paid.paymentDetails?.number?.replace(/\D/g, "").slice(-4);
  if (company && last4) return `${company} •${last4}`;
  if (company) return company;
  return paid.gateway?.trim() || "Shopify";
}

function latestDelivery(fulfillments: ShopifyOrder["fulfillments"]): Date | null {
  const delivered = fulfillments
    .map((fulfillment) => fulfillment.deliveredAt)
    .filter((at): at is string => at !== null)
    .map((at) => new Date(at))
    .sort((a, b) => b.getTime() - a.getTime());
  return delivered[0] ?? null;
}

/** Units of each line refunded by any refund, by line gid. */
function refundedUnitsOf(order: ShopifyOrder): Map<string, number> {
  const units = new Map<string, number>();
  for (const refund of order.refunds) {
    for (const line of refund.refundLineItems.nodes) {
      units.set(line.lineItem.id, (units.get(line.lineItem.id) ?? 0) + line.quantity);
    }
  }
  return units;
}

/**
 * Shopify's `currentQuantity` drops both the units an order edit removed and the units a refund
 * refunded. The seam's quantity drops only the first (refunds are counted from the refunds, by
 * whoever made them), so the refunded units are added back.
 */
function linesOf(order: ShopifyOrder): StoreOrderLine[] {
  const currency = order.currencyCode;
  const refunded = refundedUnitsOf(order);
  return order.lineItems.nodes.map((line) => ({
    externalId: line.id,
    sku: line.sku?.trim() || line.id.split("/").pop() || line.id,
    name: line.name,
    category: categoryOf(line.product?.productType),
    quantity: line.currentQuantity + (refunded.get(line.id) ?? 0),
    unitPriceCents: minorUnitsOf(
      line.discountedUnitPriceAfterAllDiscountsSet.shopMoney.amount,
      currency,
    ),
    finalSale: (line.product?.tags ?? []).some(
      (tag) => tag.trim().toLowerCase() === FINAL_SALE_TAG,
    ),
    opened: line.customAttributes.some(
      (attribute) =>
        attribute.key.trim().toLowerCase() === OPENED_ATTRIBUTE && isTrue(attribute.value),
    ),
  }));
}

function refundsOf(order: ShopifyOrder): StoreRefund[] {
  return order.refunds.map((refund) => ({
    externalId: refund.id,
    note: refund.note,
    createdAt: new Date(refund.createdAt),
    lines: refund.refundLineItems.nodes.map((line) => ({
      lineExternalId: line.lineItem.id,
      quantity: line.quantity,
    })),
    shippingCents: refund.refundShippingLines.nodes.reduce(
      (sum, line) =>
        sum + minorUnitsOf(line.subtotalAmountSet.shopMoney.amount, order.currencyCode),
      0,
    ),
  }));
}

/** Shopify's order in the seam's words; throws when an amount cannot be read as money. */
export function storeOrderOf(order: ShopifyOrder): StoreOrder {
  const email = (order.customer?.email ?? order.email ?? "").trim().toLowerCase();
  return {
    externalId: order.id,
    number: order.name,
    version: order.updatedAt,
    customer: {
      externalId: order.customer?.id ?? null,
      email,
      name: order.customer?.displayName?.trim() || email,
    },
    currency: order.currencyCode,
    placedAt: new Date(order.createdAt),
    deliveredAt: latestDelivery(order.fulfillments),
    shippingCents: minorUnitsOf(order.totalShippingPriceSet.shopMoney.amount, order.currencyCode),
    paymentMethodLabel: paymentMethodLabelOf(order.transactions),
    paymentReference: order.id,
    lines: linesOf(order),
    refunds: refundsOf(order),
  };
}
