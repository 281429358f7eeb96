/*
 * One order as a shop's store holds it: what Countersign copies into its own tables
 * (lib/server/repositories/store-order-cache.ts) from whichever store it came from — read from
 * Shopify (lib/integrations/commerce), pushed through the orders API or imported from CSV
 * (pushed-order.ts).
 */

export type StoreCustomer = {
  /** The store's id for the customer (Shopify `gid://shopify/Customer/…`), if it has one. */
  externalId: string | null;
  /** Lower-cased. */
  email: string;
  name: string;
};

export type StoreOrderLine = {
  /** The store's id for the line (Shopify `gid://shopify/LineItem/…`); stable across edits. */
  externalId: string;
  sku: string;
  name: string;
  /** The policy's category for the line (e.g. `kitchen`, `gift_card`), see docs/stores.md. */
  category: string;
  /** Units still on the order (an order edit that removes units lowers this; 0 = removed). */
  quantity: number;
  unitPriceCents: number;
  finalSale: boolean;
  opened: boolean;
};

/** A refund the store knows about, made by anyone: its admin, another app, or Countersign. */
export type StoreRefund = {
  externalId: string;
  /** The refund's note; Countersign's own refunds carry `countersign:<pending action id>`. */
  note: string | null;
  createdAt: Date;
  lines: { lineExternalId: string; quantity: number }[];
  shippingCents: number;
};

export type StoreOrder = {
  /** The store's id for the order (Shopify `gid://shopify/Order/…`; the number for pushed orders). */
  externalId: string;
  /** What the customer calls it, e.g. `#1001` or `A-1042`. */
  number: string;
  /**
   * Changes whenever the store changes the order (Shopify's `updatedAt`; a pushed order's
   * content hash). Recorded on every quote.
   */
  version: string;
  customer: StoreCustomer;
  currency: string;
  placedAt: Date;
  deliveredAt: Date | null;
  shippingCents: number;
  /** Shown to people, e.g. "Visa •4242". */
  paymentMethodLabel: string;
  /** The order's payment at the payment provider (Stripe `pi_…`, the Shopify order gid), if any. */
  paymentReference: string | null;
  lines: StoreOrderLine[];
  refunds: StoreRefund[];
};
