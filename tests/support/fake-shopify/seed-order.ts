import { unitsOfInput } from "./fake-shopify-money";
import { type FakeOrder, type FakeShop, gid } from "./fake-shopify-shop";

/*
 * Orders a test puts in a fake shop. The default is Maya's order from docs/scenarios.md: a glass
 * pour-over coffee maker ($48.00) and two stoneware mugs ($12.00 each), free shipping, delivered
 * six days ago, paid with Visa •4242 through Shopify Payments.
 */

export type LineSeed = {
  name: string;
  sku?: string;
  /** Decimal in the order's currency, e.g. "48.00" or "1980". */
  unitPrice: string;
  quantity?: number;
  productType?: string;
  tags?: string[];
  customAttributes?: { key: string; value: string }[];
};

export type OrderSeed = {
  name?: string;
  email?: string;
  customerName?: string;
  /** No customer record: a guest checkout, known only by the order's email. */
  guest?: boolean;
  currency?: string;
  shipping?: string;
  placedAt?: Date;
  /** null: not delivered yet. */
  deliveredAt?: Date | null;
  lines?: LineSeed[];
  gateway?: string;
  card?: { company: string; last4: string } | null;
};

export type SeededOrder = { orderId: string; lineIds: string[]; saleTransactionId: string };

const DAY_MS = 24 * 60 * 60 * 1000;

export const MAYA_LINES: LineSeed[] = [
  {
    name: "Glass pour-over coffee maker",
    sku: "KIT-POUR-01",
    unitPrice: "48.00",
    productType: "Kitchen",
  },
  {
    name: "Stoneware mug",
    sku: "KIT-MUG-02",
    unitPrice: "12.00",
    quantity: 2,
    productType: "Kitchen",
  },
];

let nextNumber = 1043;

export function seedOrder(shop: FakeShop, seed: OrderSeed, now: Date): SeededOrder {
  const currency = seed.currency ?? "USD";
  const units = (amount: string) => {
    const value = unitsOfInput(amount, currency);
    if (Number.isNaN(value)) throw new Error(`"${amount}" is not a ${currency} amount`);
    return value;
  };
  const email = (seed.email ?? "maya@example.com").toLowerCase();
  const customer = seed.guest ? null : shop.customerFor(email, seed.customerName ?? "Maya Chen");
  const placedAt = seed.placedAt ?? new Date(now.getTime() - 9 * DAY_MS);
  const deliveredAt =
    seed.deliveredAt === undefined ? new Date(now.getTime() - 6 * DAY_MS) : seed.deliveredAt;
  const lines = (seed.lines ?? MAYA_LINES).map((line) => ({
    id: gid("LineItem"),
    sku: line.sku ?? "",
    name: line.name,
    quantity: line.quantity ?? 1,
    currentQuantity: line.quantity ?? 1,
    unitPriceUnits: units(line.unitPrice),
    productType: line.productType ?? "",
    tags: line.tags ?? [],
    customAttributes: line.customAttributes ?? [],
  }));
  const shippingUnits = units(seed.shipping ?? "0");
  const total =
    lines.reduce((sum, line) => sum + line.unitPriceUnits * line.quantity, 0) + shippingUnits;
  const card = seed.card === undefined ? { company: "Visa", last4: "4242" } : seed.card;
  const sale = {
    id: gid("OrderTransaction"),
    kind: "SALE" as const,
    status: "SUCCESS" as const,
    gateway: seed.gateway ?? "shopify_payments",
    amountUnits: total,
    parentId: null,
    cardCompany: card?.company ?? null,
    cardNumber: card ? `•••• •••• •••• ${card.last4}` : null,
    errorCode: null,
    createdAt: placedAt,
  };
  const order: FakeOrder = {
    id: gid("Order"),
    name: seed.name ?? `#${nextNumber++}`,
    email,
    customerId: customer?.id ?? null,
    currency,
    createdAt: placedAt,
    updatedAt: placedAt,
    shippingUnits,
    fulfillments:
      deliveredAt === null
        ? []
        : [{ createdAt: new Date(placedAt.getTime() + DAY_MS), deliveredAt }],
    lines,
    transactions: [sale],
    refunds: [],
  };
  shop.orders.set(order.id, order);
  return { orderId: order.id, lineIds: lines.map((line) => line.id), saleTransactionId: sale.id };
}
