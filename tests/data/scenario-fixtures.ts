import { DEMO_CHARGES, DEMO_ORDERS, daysAgo } from "@/lib/demo/demo-world";
import type { LedgerCharge } from "@/lib/domain/disputes";
import type { OrderFacts, OrderLineFacts } from "@/lib/domain/order-facts";

/** Fixture ids readable in test output: `cus_maya`, `ord_A1043`, line `A1043-1`. */
function customerIdFor(email: string): string {
  return `cus_${email.split("@")[0]}`;
}

function orderFacts(number: string, now: Date): OrderFacts {
  const order = DEMO_ORDERS.find((candidate) => candidate.number === number);
  if (order === undefined) throw new Error(`No demo order ${number}`);
  return {
    orderId: `ord_${order.number}`,
    orderNumber: order.number,
    customerId: customerIdFor(order.customerEmail),
    currency: "USD",
    deliveredAt: daysAgo(now, order.deliveredDaysAgo),
    shippingCents: order.shippingCents,
    paymentMethodLabel: order.paymentMethodLabel,
    shippingAlreadyRefunded: false,
    lines: order.lines.map(
      (line, index): OrderLineFacts => ({
        lineId: `${order.number}-${index + 1}`,
        name: line.name,
        category: line.category,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        finalSale: line.finalSale ?? false,
        opened: line.opened ?? false,
        refundedQuantity: 0,
      }),
    ),
  };
}

/**
 * The seed orders of docs/scenarios.md (lib/demo/demo-world.ts) as the policy engine sees
 * them, dated relative to `now`, so the domain tests and the seeded database agree on amounts.
 */
export function buildScenarioOrders(now: Date) {
  return {
    mayaA1043: orderFacts("A1043", now),
    tomA1021: orderFacts("A1021", now),
    priyaA1066: orderFacts("A1066", now),
    samB2001: orderFacts("B2001", now),
    samB2002: orderFacts("B2002", now),
    anaC3001: orderFacts("C3001", now),
  };
}

export const SCENARIO_LEDGER: readonly LedgerCharge[] = DEMO_CHARGES.map((charge) => ({
  chargeId: charge.reference,
  amountCents: charge.amountCents,
  currency: "USD",
  customerId: customerIdFor(charge.customerEmail),
}));

/** One line of a fixture order, by id; throws so a typo in a test fails loudly. */
export function lineOf(order: OrderFacts, lineId: string): OrderLineFacts {
  const found = order.lines.find((candidate) => candidate.lineId === lineId);
  if (found === undefined) throw new Error(`No line ${lineId} on order ${order.orderNumber}`);
  return found;
}
