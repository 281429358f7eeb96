import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { unitsOfInput } from "./fake-shopify-money";
import {
  type FakeOrder,
  type FakeRefund,
  type FakeShop,
  type FakeTransaction,
  gid,
} from "./fake-shopify-shop";

/*
 * `refundCreate` as Shopify runs it from 2026-04: the `@idempotent(key:)` directive is required;
 * the same key with the same input answers the refund it made (rebuilt from the order as it is
 * now, as Shopify does); the same key with other input is refused; a key is forgotten after 24
 * hours. Input it cannot honour (more units or money than is left, a parent that is not the
 * order's sale) comes back as userErrors, and nothing is made.
 */

export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type UserError = { field: string[] | null; message: string };

export type RefundCreateResult =
  | { kind: "made"; refund: FakeRefund; currency: string }
  | { kind: "refused"; userErrors: UserError[] };

type KeyEntry = { fingerprint: string; refundId: string; storedAtMs: number };

export type RefundInput = {
  orderId?: unknown;
  note?: unknown;
  notify?: unknown;
  refundLineItems?: { lineItemId?: unknown; quantity?: unknown; restockType?: unknown }[];
  refundShipping?: { amount?: unknown; fullRefund?: unknown } | null;
  transactions?: {
    orderId?: unknown;
    parentId?: unknown;
    gateway?: unknown;
    kind?: unknown;
    amount?: unknown;
  }[];
};

const MISMATCH = "The same idempotency key cannot be used with different operation parameters.";

function refundedUnitsOfParent(order: FakeOrder, parentId: string): number {
  return order.refunds
    .flatMap((refund) => refund.transactions)
    .filter(
      (transaction) =>
        transaction.parentId === parentId &&
        (transaction.status === "SUCCESS" || transaction.status === "PENDING"),
    )
    .reduce((sum, transaction) => sum + transaction.amountUnits, 0);
}

function refundedShippingUnits(order: FakeOrder): number {
  return order.refunds.reduce((sum, refund) => sum + refund.shippingUnits, 0);
}

export class RefundCreator {
  private readonly keys = new Map<string, KeyEntry>();
  startStatus: "SUCCESS" | "PENDING" = "SUCCESS";

  constructor(private readonly nowMs: () => number) {}

  /** The refund an earlier request under this key made, if the key is still kept. */
  lookup(
    shop: FakeShop,
    key: string,
    input: RefundInput,
  ): { kind: "new" } | { kind: "mismatch" } | { kind: "replay"; refund: FakeRefund } {
    this.prune();
    const entry = this.keys.get(`${shop.settings.domain} ${key}`);
    if (!entry) return { kind: "new" };
    if (entry.fingerprint !== fingerprintOf(input)) return { kind: "mismatch" };
    const refund = shop.refund(entry.refundId);
    if (!refund) throw new Error(`The fake lost refund ${entry.refundId}`);
    return { kind: "replay", refund };
  }

  mismatch(): RefundCreateResult {
    return { kind: "refused", userErrors: [{ field: null, message: MISMATCH }] };
  }

  create(shop: FakeShop, key: string, input: RefundInput): RefundCreateResult {
    const order = typeof input.orderId === "string" ? shop.orders.get(input.orderId) : undefined;
    if (!order) {
      return {
        kind: "refused",
        userErrors: [{ field: ["orderId"], message: "Order does not exist" }],
      };
    }
    const errors: UserError[] = [];
    const lines = (input.refundLineItems ?? []).map((line, index) => {
      const orderLine = order.lines.find((candidate) => candidate.id === line.lineItemId);
      const quantity = Number(line.quantity);
      if (!orderLine) {
        errors.push({
          field: ["refundLineItems", String(index), "lineItemId"],
          message: "Line item does not exist on the order",
        });
      } else if (
        !Number.isInteger(quantity) ||
        quantity < 1 ||
        quantity > orderLine.currentQuantity
      ) {
        errors.push({
          field: ["refundLineItems", String(index), "quantity"],
          message: `Quantity cannot refund more items than are left on the line (${orderLine.currentQuantity})`,
        });
      }
      return {
        lineItemId: String(line.lineItemId),
        quantity,
        restockType: typeof line.restockType === "string" ? line.restockType : "NO_RESTOCK",
      };
    });
    const shippingUnits =
      input.refundShipping?.fullRefund === true
        ? order.shippingUnits - refundedShippingUnits(order)
        : input.refundShipping?.amount === undefined
          ? 0
          : unitsOfInput(input.refundShipping.amount, order.currency);
    if (
      Number.isNaN(shippingUnits) ||
      shippingUnits > order.shippingUnits - refundedShippingUnits(order)
    ) {
      errors.push({
        field: ["refundShipping", "amount"],
        message: "Shipping refund amount is greater than the shipping left to refund",
      });
    }
    const now = new Date(this.nowMs());
    const transactions: FakeTransaction[] = (input.transactions ?? []).map((transaction, index) => {
      const parent = order.transactions.find((candidate) => candidate.id === transaction.parentId);
      const units = unitsOfInput(transaction.amount, order.currency);
      if (
        !parent ||
        !["SALE", "CAPTURE"].includes(parent.kind) ||
        parent.status !== "SUCCESS" ||
        transaction.kind !== "REFUND" ||
        transaction.gateway !== parent.gateway
      ) {
        errors.push({
          field: ["transactions", String(index), "parentId"],
          message: "Parent transaction is not a successful sale or capture of this order's gateway",
        });
      } else if (
        Number.isNaN(units) ||
        units <= 0 ||
        units > parent.amountUnits - refundedUnitsOfParent(order, parent.id)
      ) {
        errors.push({
          field: ["transactions", String(index), "amount"],
          message: `Refund amount must be greater than 0 and at most the ${parent.amountUnits - refundedUnitsOfParent(order, parent.id)} (minor units) left on the payment`,
        });
      }
      return {
        id: gid("OrderTransaction"),
        kind: "REFUND",
        status: this.startStatus,
        gateway: parent?.gateway ?? String(transaction.gateway),
        amountUnits: units,
        parentId: parent?.id ?? null,
        cardCompany: parent?.cardCompany ?? null,
        cardNumber: parent?.cardNumber ?? null,
        errorCode: null,
        createdAt: now,
      };
    });
    if (errors.length > 0) return { kind: "refused", userErrors: errors };

    const refund: FakeRefund = {
      id: gid("Refund"),
      orderId: order.id,
      note: typeof input.note === "string" ? input.note : null,
      createdAt: now,
      lines,
      shippingUnits,
      transactions,
    };
    for (const line of lines) {
      const orderLine = order.lines.find((candidate) => candidate.id === line.lineItemId);
      if (orderLine) orderLine.currentQuantity -= line.quantity;
    }
    order.refunds.push(refund);
    order.updatedAt = now;
    this.keys.set(`${shop.settings.domain} ${key}`, {
      fingerprint: fingerprintOf(input),
      refundId: refund.id,
      storedAtMs: this.nowMs(),
    });
    return { kind: "made", refund, currency: order.currency };
  }

  private prune(): void {
    for (const [key, entry] of this.keys) {
      if (this.nowMs() - entry.storedAtMs >= IDEMPOTENCY_KEY_LIFETIME_MS) this.keys.delete(key);
    }
  }
}

function fingerprintOf(input: RefundInput): string {
  return createHash("sha256")
    .update(canonicalize(input) ?? "")
    .digest("hex");
}
