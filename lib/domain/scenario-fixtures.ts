import type { LedgerCharge } from "./disputes";
import type { OrderFacts, OrderLineFacts } from "./order-facts";

const DAY_MS = 24 * 60 * 60 * 1000;

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

function line(
  lineId: string,
  name: string,
  category: string,
  unitPriceCents: number,
  extra: Partial<OrderLineFacts> = {},
): OrderLineFacts {
  return {
    lineId,
    name,
    category,
    quantity: 1,
    unitPriceCents,
    finalSale: false,
    opened: false,
    refundedQuantity: 0,
    ...extra,
  };
}

/**
 * The seed orders of shared/scenarios.md as the policy engine sees them, dated relative to
 * `now`. Tests use them; the seed script and the offline agent's tests can too, so every suite
 * agrees on the same amounts.
 */
export function buildScenarioOrders(now: Date) {
  const order = (facts: Omit<OrderFacts, "shippingAlreadyRefunded">): OrderFacts => ({
    ...facts,
    shippingAlreadyRefunded: false,
  });
  return {
    mayaA1043: order({
      orderId: "ord_A1043",
      orderNumber: "A1043",
      customerId: "cus_maya",
      currency: "USD",
      deliveredAt: daysBefore(now, 6),
      shippingCents: 0,
      paymentMethodLabel: "Visa •4242",
      lines: [
        line("A1043-1", "Glass pour-over coffee maker", "home", 4800),
        line("A1043-2", "Stoneware mug", "home", 1200, { quantity: 2 }),
      ],
    }),
    tomA1021: order({
      orderId: "ord_A1021",
      orderNumber: "A1021",
      customerId: "cus_tom",
      currency: "USD",
      deliveredAt: daysBefore(now, 45),
      shippingCents: 500,
      paymentMethodLabel: "Mastercard •5100",
      lines: [line("A1021-1", "Wool throw blanket", "home", 6400)],
    }),
    priyaA1066: order({
      orderId: "ord_A1066",
      orderNumber: "A1066",
      customerId: "cus_priya",
      currency: "USD",
      deliveredAt: daysBefore(now, 10),
      shippingCents: 995,
      paymentMethodLabel: "Visa •1881",
      lines: [
        line("A1066-1", "Cast-iron skillet", "home", 3500),
        line("A1066-2", "Gift card", "gift_card", 5000, { finalSale: true }),
      ],
    }),
    samB2001: order({
      orderId: "ord_B2001",
      orderNumber: "B2001",
      customerId: "cus_sam",
      currency: "USD",
      deliveredAt: daysBefore(now, 5),
      shippingCents: 600,
      paymentMethodLabel: "Amex •0005",
      lines: [
        line("B2001-1", "Rain jacket", "apparel", 8900),
        line("B2001-2", "Wool socks", "apparel", 1400),
      ],
    }),
    samB2002: order({
      orderId: "ord_B2002",
      orderNumber: "B2002",
      customerId: "cus_sam",
      currency: "USD",
      deliveredAt: daysBefore(now, 8),
      shippingCents: 0,
      paymentMethodLabel: "Amex •0005",
      lines: [line("B2002-1", "Wireless earbuds", "electronics", 12900, { opened: true })],
    }),
    anaC3001: order({
      orderId: "ord_C3001",
      orderNumber: "C3001",
      customerId: "cus_ana",
      currency: "USD",
      deliveredAt: daysBefore(now, 12),
      shippingCents: 0,
      paymentMethodLabel: "Visa •7777",
      lines: [line("C3001-1", "Desk lamp", "home", 5999)],
    }),
  };
}

export const SCENARIO_LEDGER: readonly LedgerCharge[] = [
  { chargeId: "CH-88301", amountCents: 5999, currency: "USD", customerId: "cus_ana" },
  { chargeId: "CH-88302", amountCents: 5999, currency: "USD", customerId: "cus_ana" },
  { chargeId: "CH-88310", amountCents: 1250, currency: "USD", customerId: "cus_ana" },
];

/** One line of a fixture order, by id; throws so a typo in a test fails loudly. */
export function lineOf(order: OrderFacts, lineId: string): OrderLineFacts {
  const found = order.lines.find((candidate) => candidate.lineId === lineId);
  if (found === undefined) throw new Error(`No line ${lineId} on order ${order.orderNumber}`);
  return found;
}
