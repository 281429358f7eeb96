import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OrderFacts, OrderLineFacts } from "./order-facts";
import {
  changedOrderParts,
  fingerprintOrder,
  ORDER_PARTS,
  type OrderPart,
} from "./order-fingerprint";

const line = fc
  .record({
    name: fc.string({ minLength: 1, maxLength: 12 }),
    category: fc.constantFrom("kitchen", "apparel", "gift_card", "electronics"),
    quantity: fc.integer({ min: 1, max: 9 }),
    unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
    finalSale: fc.boolean(),
    opened: fc.boolean(),
    refundedShare: fc.integer({ min: 0, max: 9 }),
  })
  .map(
    ({ refundedShare, ...rest }): Omit<OrderLineFacts, "lineId"> => ({
      ...rest,
      refundedQuantity: Math.min(refundedShare, rest.quantity),
    }),
  );

const order: fc.Arbitrary<OrderFacts> = fc
  .record({
    lines: fc.uniqueArray(fc.tuple(fc.stringMatching(/^ln_[a-z0-9]{1,6}$/), line), {
      minLength: 1,
      maxLength: 5,
      selector: ([lineId]) => lineId,
    }),
    currency: fc.constantFrom("USD", "EUR", "GBP"),
    deliveredAt: fc.option(
      fc.date({
        min: new Date("2024-01-01T00:00:00Z"),
        max: new Date("2027-01-01T00:00:00Z"),
        noInvalidDate: true,
      }),
    ),
    shippingCents: fc.integer({ min: 0, max: 5_000 }),
    shippingAlreadyRefunded: fc.boolean(),
  })
  .map(({ lines, ...rest }) => ({
    orderId: "ord_1",
    orderNumber: "A1043",
    customerId: "cus_1",
    paymentMethodLabel: "Visa •4242",
    ...rest,
    lines: lines.map(([lineId, facts]) => ({ lineId, ...facts })),
  }));

type Change = { part: OrderPart; apply: (facts: OrderFacts) => OrderFacts };

/** One change to one fact the policy decides from, on the line at `index`. */
function policyChange(kind: number, index: number): Change {
  const onLine = (part: OrderPart, edit: (line: OrderLineFacts) => OrderLineFacts): Change => ({
    part,
    apply: (facts) => ({
      ...facts,
      lines: facts.lines.map((candidate, i) =>
        i === index % facts.lines.length ? edit(candidate) : candidate,
      ),
    }),
  });
  const changes: Change[] = [
    onLine("items", (l) => ({ ...l, quantity: l.quantity + 1 })),
    onLine("items", (l) => ({ ...l, unitPriceCents: l.unitPriceCents + 1 })),
    onLine("items", (l) => ({ ...l, category: `${l.category}_x` })),
    onLine("items", (l) => ({ ...l, finalSale: !l.finalSale })),
    onLine("items", (l) => ({ ...l, opened: !l.opened })),
    onLine("refunds", (l) =>
      l.refundedQuantity < l.quantity
        ? { ...l, refundedQuantity: l.refundedQuantity + 1 }
        : { ...l, refundedQuantity: l.refundedQuantity - 1 },
    ),
    {
      part: "items",
      apply: (facts) => ({
        ...facts,
        lines: [
          ...facts.lines,
          {
            lineId: "ln_added",
            name: "Added",
            category: "kitchen",
            quantity: 1,
            unitPriceCents: 100,
            finalSale: false,
            opened: false,
            refundedQuantity: 0,
          },
        ],
      }),
    },
    { part: "items", apply: (facts) => ({ ...facts, currency: `${facts.currency}X` }) },
    {
      part: "delivery",
      apply: (facts) => ({
        ...facts,
        deliveredAt:
          facts.deliveredAt === null
            ? new Date("2025-01-01T00:00:00Z")
            : new Date(facts.deliveredAt.getTime() + 1),
      }),
    },
    { part: "delivery", apply: (facts) => ({ ...facts, shippingCents: facts.shippingCents + 1 }) },
    {
      part: "refunds",
      apply: (facts) => ({ ...facts, shippingAlreadyRefunded: !facts.shippingAlreadyRefunded }),
    },
  ];
  return changes[kind % changes.length] as Change;
}

const all = (facts: OrderFacts) => facts.lines.map((line) => line.lineId);

describe("fingerprintOrder", () => {
  it("changes with every fact the policy decides from, and names the part that moved", () => {
    fc.assert(
      fc.property(order, fc.nat(), fc.nat(), (facts, kind, index) => {
        const change = policyChange(kind, index);
        // The quote names a line the order may gain ("ln_added"): its arrival is a change too.
        const quoted = [...all(facts), "ln_added"];
        const before = fingerprintOrder(facts, quoted);
        const after = fingerprintOrder(change.apply(facts), quoted);
        expect(after).not.toBe(before);
        expect(changedOrderParts(before, after)).toEqual([change.part]);
      }),
      { numRuns: 500 },
    );
  });

  it("does not change when lines are reordered or display-only facts change", () => {
    fc.assert(
      fc.property(order, fc.string({ minLength: 1 }), (facts, text) => {
        const shown: OrderFacts = {
          ...facts,
          orderId: facts.orderId,
          orderNumber: `#${text}`,
          paymentMethodLabel: `Card ${text}`,
          lines: [...facts.lines].reverse().map((l) => ({ ...l, name: `${l.name} ${text}` })),
        };
        expect(fingerprintOrder(shown, all(facts))).toBe(fingerprintOrder(facts, all(facts)));
        expect(
          changedOrderParts(
            fingerprintOrder(facts, all(facts)),
            fingerprintOrder(shown, all(facts)),
          ),
        ).toEqual([]);
      }),
    );
  });

  it("counts removing a line nobody refunded as an items change alone", () => {
    fc.assert(
      fc.property(order, line, (facts, extra) => {
        const withLine: OrderFacts = {
          ...facts,
          lines: [...facts.lines, { ...extra, lineId: "ln_removed", refundedQuantity: 0 }],
        };
        const quoted = all(withLine);
        expect(
          changedOrderParts(fingerprintOrder(withLine, quoted), fingerprintOrder(facts, quoted)),
        ).toEqual(["items"]);
      }),
    );
  });

  it("does not change when a line outside the quote changes", () => {
    fc.assert(
      fc.property(order, line, fc.nat(), (facts, extra, kind) => {
        const outside = { ...extra, lineId: "ln_outside", refundedQuantity: 0 };
        const withOutside: OrderFacts = { ...facts, lines: [...facts.lines, outside] };
        const moved = policyChange(kind, facts.lines.length).apply(withOutside);
        const sameDeliveryAndShipping: OrderFacts = {
          ...moved,
          currency: withOutside.currency,
          deliveredAt: withOutside.deliveredAt,
          shippingCents: withOutside.shippingCents,
          shippingAlreadyRefunded: withOutside.shippingAlreadyRefunded,
        };
        expect(fingerprintOrder(sameDeliveryAndShipping, all(facts))).toBe(
          fingerprintOrder(withOutside, all(facts)),
        );
      }),
    );
  });

  it("treats a fingerprint of another format as changed in every part", () => {
    const [facts] = fc.sample(order, { numRuns: 1, seed: 1 });
    if (!facts) throw new Error("sampled nothing");
    expect(changedOrderParts("legacy", fingerprintOrder(facts, all(facts)))).toEqual([
      ...ORDER_PARTS,
    ]);
    expect(fingerprintOrder(facts, all(facts))).toMatch(/^of1(\.[0-9a-f]{64}){3}$/);
  });
});
