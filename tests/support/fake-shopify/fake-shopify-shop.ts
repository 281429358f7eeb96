import { randomInt } from "node:crypto";

/*
 * What one fake shop holds: its credentials, customers and orders (lines with their product's
 * type and tags and custom attributes, fulfillments, transactions, refunds). Ids are Shopify's
 * gids with numeric tails; times come from the fake's clock.
 */

export type FakeTransactionKind = "SALE" | "CAPTURE" | "AUTHORIZATION" | "REFUND";
export type FakeTransactionStatus = "SUCCESS" | "PENDING" | "FAILURE" | "ERROR";

export type FakeTransaction = {
  id: string;
  kind: FakeTransactionKind;
  status: FakeTransactionStatus;
  gateway: string;
  amountUnits: number;
  parentId: string | null;
  cardCompany: string | null;
  cardNumber: string | null;
  errorCode: string | null;
  createdAt: Date;
};

export type FakeLine = {
  id: string;
  sku: string;
  name: string;
  quantity: number;
  /** Units not removed by an edit and not refunded, as Shopify counts them. */
  currentQuantity: number;
  unitPriceUnits: number;
  productType: string;
  tags: string[];
  customAttributes: { key: string; value: string }[];
};

export type FakeRefund = {
  id: string;
  orderId: string;
  note: string | null;
  createdAt: Date;
  lines: { lineItemId: string; quantity: number; restockType: string }[];
  shippingUnits: number;
  transactions: FakeTransaction[];
};

export type FakeOrder = {
  id: string;
  name: string;
  email: string;
  customerId: string | null;
  currency: string;
  createdAt: Date;
  updatedAt: Date;
  shippingUnits: number;
  fulfillments: { createdAt: Date; deliveredAt: Date | null }[];
  lines: FakeLine[];
  transactions: FakeTransaction[];
  refunds: FakeRefund[];
};

export type FakeCustomer = { id: string; email: string; displayName: string };

export type FakeShopSettings = {
  domain: string;
  accessToken: string;
  clientSecret: string;
  name?: string;
  /** A Partner development store: Countersign reads it as a test connection. */
  development?: boolean;
};

let lastId = randomInt(1_000_000, 9_000_000) * 1000;

/** A fresh Shopify gid, e.g. `gid://shopify/Order/5123456001`. */
export function gid(type: string): string {
  lastId += 1;
  return `gid://shopify/${type}/${lastId}`;
}

export function numericId(id: string): number {
  return Number(id.split("/").pop());
}

export class FakeShop {
  readonly customers = new Map<string, FakeCustomer>();
  readonly orders = new Map<string, FakeOrder>();
  readonly name: string;
  readonly development: boolean;

  constructor(readonly settings: FakeShopSettings) {
    this.name = settings.name ?? settings.domain.replace(/\.myshopify\.com$/, "");
    this.development = settings.development ?? true;
  }

  customerFor(email: string, displayName: string): FakeCustomer {
    const found = [...this.customers.values()].find((customer) => customer.email === email);
    if (found) return found;
    const customer = { id: gid("Customer"), email, displayName };
    this.customers.set(customer.id, customer);
    return customer;
  }

  order(id: string): FakeOrder {
    const order = this.orders.get(id);
    if (!order) throw new Error(`The fake shop ${this.settings.domain} holds no order ${id}`);
    return order;
  }

  refund(id: string): FakeRefund | null {
    for (const order of this.orders.values()) {
      const refund = order.refunds.find((candidate) => candidate.id === id);
      if (refund) return refund;
    }
    return null;
  }
}
