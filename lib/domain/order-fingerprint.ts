import { canonicalJson, sha256Hex } from "./canonical-hash";
import type { OrderFacts } from "./order-facts";

/*
 * What a quote is pinned to: a hash of exactly the order facts the refund policy decides the
 * quote from — its own lines and the order's delivery and shipping — taken when the quote is made
 * and again before it is paid (lib/domain/revalidate.ts). Any change to one of them — a quoted
 * line removed or edited, a refund of it made or released anywhere (the store's admin included),
 * the delivery date or the shipping — changes the fingerprint. The order's other lines are left
 * out: a refund of the mugs does not change what the coffee maker's quote is worth, and refusing
 * it would only make the customer say yes again.
 *
 * Display-only facts are left out on purpose: the order number, the line names and the payment
 * method's label say how things are shown, not what may be refunded, and a store renaming a
 * product must not make a customer's agreed quote fail. Line order is left out too: lines are
 * keyed by their id.
 *
 * The fingerprint is three hashes, one per kind of fact, so a mismatch can say what moved:
 * the items (which lines, their quantities, prices, category, final-sale and opened flags, and
 * the order's currency), the refunds (units refunded per line, whether shipping was refunded)
 * and the delivery (delivery date, shipping charged). Facts must be read as the store and the
 * ledger say — without other actions' in-flight holds — so a refund merely under way elsewhere
 * does not count as a change, while one that happened does.
 */

export const ORDER_PARTS = ["items", "refunds", "delivery"] as const;
export type OrderPart = (typeof ORDER_PARTS)[number];

const VERSION = "of1";

type Section = Record<string, unknown>;

function byLineId<T extends { lineId: string }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => (a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0));
}

function sections(facts: OrderFacts, quotedLineIds: readonly string[]): Record<OrderPart, Section> {
  const quoted = new Set(quotedLineIds);
  const lines = byLineId(facts.lines.filter((line) => quoted.has(line.lineId)));
  const present = new Set(lines.map((line) => line.lineId));
  const missing = [...quoted].filter((lineId) => !present.has(lineId)).sort();
  return {
    items: {
      currency: facts.currency,
      lines: lines.map((line) => ({
        lineId: line.lineId,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        category: line.category,
        finalSale: line.finalSale,
        opened: line.opened,
      })),
      missing,
    },
    // Only lines with refunded units: removing a line nobody refunded is an items change alone.
    refunds: {
      lines: lines
        .filter((line) => line.refundedQuantity > 0)
        .map((line) => ({ lineId: line.lineId, refundedQuantity: line.refundedQuantity })),
      shippingAlreadyRefunded: facts.shippingAlreadyRefunded,
    },
    delivery: {
      deliveredAt: facts.deliveredAt === null ? null : facts.deliveredAt.toISOString(),
      shippingCents: facts.shippingCents,
    },
  };
}

/**
 * `of1.<items>.<refunds>.<delivery>`: each part the SHA-256 of its canonical JSON, over the
 * quote's own lines (`quotedLineIds`).
 */
export function fingerprintOrder(facts: OrderFacts, quotedLineIds: readonly string[]): string {
  const parts = sections(facts, quotedLineIds);
  return [VERSION, ...ORDER_PARTS.map((part) => sha256Hex(canonicalJson(parts[part])))].join(".");
}

/**
 * Which kinds of fact differ between two fingerprints; empty when they are the same. A
 * fingerprint of another format (or none that parses) differs in every part.
 */
export function changedOrderParts(pinned: string, current: string): OrderPart[] {
  if (pinned === current) return [];
  const before = pinned.split(".");
  const after = current.split(".");
  const comparable =
    before[0] === VERSION && after[0] === VERSION && before.length === 4 && after.length === 4;
  if (!comparable) return [...ORDER_PARTS];
  return ORDER_PARTS.filter((_, index) => before[index + 1] !== after[index + 1]);
}
