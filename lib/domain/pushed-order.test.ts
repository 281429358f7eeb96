import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PUSHED_ORDER_LIMITS,
  type PushedOrder,
  parsePushedOrder,
  pushedOrderVersion,
  toPushedStoreOrder,
} from "./pushed-order";
import { currencyMinorUnits } from "./pushed-order-currencies";
import { hasControlCharacter } from "./storable-text";

function document(overrides: Record<string, unknown> = {}) {
  return {
    number: "A-2001",
    customer: { email: "Maya@Example.com ", name: "Maya Lin" },
    currency: "USD",
    placedAt: "2026-11-02T14:30:00+01:00",
    deliveredAt: "2026-11-05T09:00:00Z",
    shippingCents: 800,
    paymentMethodLabel: "Visa •4242",
    paymentReference: "pi_3Qabc",
    lines: [
      {
        id: "L1",
        sku: "KETTLE-1",
        name: "Kettle",
        category: "kitchen",
        quantity: 2,
        unitPriceCents: 4800,
        finalSale: false,
        opened: false,
      },
      {
        id: "L2",
        sku: "CARD-25",
        name: "Gift card",
        category: "gift_card",
        quantity: 1,
        unitPriceCents: 2500,
        finalSale: true,
        opened: false,
      },
    ],
    refunds: [
      {
        id: "R1",
        createdAt: "2026-11-06T10:00:00Z",
        lines: [{ lineId: "L1", quantity: 1 }],
        shippingCents: 0,
      },
    ],
    ...overrides,
  };
}

function parsed(input: unknown): PushedOrder {
  const result = parsePushedOrder(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.order;
}

function errorsOf(input: unknown) {
  const result = parsePushedOrder(input);
  if (result.ok) throw new Error("expected the document to be refused");
  return result.errors;
}

const withLine = (index: number, change: Record<string, unknown>) => {
  const base = document();
  return {
    ...base,
    lines: base.lines.map((line, i) => (i === index ? { ...line, ...change } : line)),
  };
};

describe("parsePushedOrder", () => {
  it("normalises a valid document: trimmed lower-case email, UTC timestamps, defaults", () => {
    const order = parsed({ ...document(), paymentReference: undefined, refunds: undefined });
    expect(order.customer.email).toBe("maya@example.com");
    expect(order.placedAt).toBe("2026-11-02T13:30:00.000Z");
    expect(order.paymentReference).toBeNull();
    expect(order.refunds).toEqual([]);
  });

  it.each([
    [
      "a negative amount",
      withLine(0, { unitPriceCents: -1 }),
      "lines.0.unitPriceCents",
      "must not be negative",
    ],
    [
      "fractional cents",
      withLine(0, { unitPriceCents: 48.5 }),
      "lines.0.unitPriceCents",
      "whole number of the currency's minor unit",
    ],
    [
      "2^53 cents",
      withLine(1, { unitPriceCents: 2 ** 53 }),
      "lines.1.unitPriceCents",
      "whole number",
    ],
    [
      "an amount over the limit",
      document({ shippingCents: PUSHED_ORDER_LIMITS.maxAmountMinor + 1 }),
      "shippingCents",
      "at most",
    ],
    ["an amount as a string", document({ shippingCents: "8.00" }), "shippingCents", "whole number"],
    ["quantity 0", withLine(0, { quantity: 0 }), "lines.0.quantity", "at least 1"],
    ["a huge quantity", withLine(0, { quantity: 1e9 }), "lines.0.quantity", "at most 10000"],
    ["an unknown currency", document({ currency: "XYZ" }), "currency", '"XYZ" is not one'],
    ["a lower-case currency", document({ currency: "usd" }), "currency", "ISO 4217"],
    [
      "a bad email",
      document({ customer: { email: "maya", name: "Maya" } }),
      "customer.email",
      "email address",
    ],
    [
      "a date without a zone",
      document({ placedAt: "2026-11-02T14:30:00" }),
      "placedAt",
      "time zone",
    ],
    [
      "an overlong name",
      withLine(0, { name: "x".repeat(201) }),
      "lines.0.name",
      "at most 200 characters",
    ],
    ["an empty sku", withLine(0, { sku: "  " }), "lines.0.sku", "must not be empty"],
    [
      "a control character",
      withLine(0, { name: "Kettle\u0007" }),
      "lines.0.name",
      "control characters",
    ],
    [
      "a bad category",
      withLine(0, { category: "Kitchen Stuff" }),
      "lines.0.category",
      "policy category",
    ],
    ["an unknown field", document({ discount: 5 }), "(document)", "discount"],
    ["no lines", document({ lines: [] }), "lines", "at least one line"],
    ["a bad order number", document({ number: "A 1/2" }), "number", "letters, digits"],
    [
      "delivered before placed",
      document({ deliveredAt: "2026-11-01T00:00:00Z" }),
      "deliveredAt",
      "before placedAt",
    ],
  ])("refuses %s, naming the field", (_case, input, path, message) => {
    const errors = errorsOf(input);
    expect(errors.map((error) => error.path)).toContain(path);
    expect(errors.find((error) => error.path === path)?.message).toContain(message);
  });

  it("refuses duplicate line ids on the second line", () => {
    expect(errorsOf(withLine(1, { id: "L1" }))).toEqual([
      { path: "lines.1.id", message: expect.stringContaining('"L1" is the id of another line') },
    ]);
  });

  it("refuses a refund of a line the order does not have, and one over the line's quantity", () => {
    const refunds = [
      {
        id: "R1",
        createdAt: "2026-11-06T10:00:00Z",
        lines: [{ lineId: "L9", quantity: 1 }],
        shippingCents: 0,
      },
      {
        id: "R2",
        createdAt: "2026-11-06T10:00:00Z",
        lines: [{ lineId: "L1", quantity: 2 }],
        shippingCents: 0,
      },
      {
        id: "R3",
        createdAt: "2026-11-07T10:00:00Z",
        lines: [{ lineId: "L1", quantity: 1 }],
        shippingCents: 0,
      },
    ];
    expect(errorsOf(document({ refunds }))).toEqual([
      {
        path: "refunds.0.lines.0.lineId",
        message: expect.stringContaining('"L9", which is not on this order'),
      },
      {
        path: "refunds.2.lines.0.quantity",
        message: expect.stringContaining("to 3, more than the 2 ordered"),
      },
    ]);
  });

  it("refuses shipping refunded beyond the shipping charged, and an empty refund", () => {
    const refunds = [
      { id: "R1", createdAt: "2026-11-06T10:00:00Z", lines: [], shippingCents: 500 },
      { id: "R2", createdAt: "2026-11-06T10:00:00Z", lines: [], shippingCents: 400 },
      { id: "R3", createdAt: "2026-11-06T10:00:00Z", lines: [], shippingCents: 0 },
    ];
    const errors = errorsOf(document({ refunds }));
    expect(errors).toContainEqual({
      path: "refunds.1.shippingCents",
      message: expect.stringContaining("900, more than the 800 charged"),
    });
    expect(errors).toContainEqual({
      path: "refunds.2.lines",
      message: expect.stringContaining("at least one line"),
    });
  });

  it("keeps HTML as text: a name is data, never markup", () => {
    const order = parsed(withLine(0, { name: '<script>alert("x")</script>' }));
    expect(order.lines[0]?.name).toBe('<script>alert("x")</script>');
  });
});

describe("pushedOrderVersion", () => {
  it("is the same for the same document, whatever the order of its lines, and moves with any change", () => {
    const order = parsed(document());
    const reordered = parsed({ ...document(), lines: [...document().lines].reverse() });
    expect(pushedOrderVersion(reordered)).toBe(pushedOrderVersion(order));
    expect(pushedOrderVersion(order)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(pushedOrderVersion(parsed(withLine(0, { opened: true })))).not.toBe(
      pushedOrderVersion(order),
    );
  });
});

describe("toPushedStoreOrder", () => {
  it("keys the order by its number and its lines by their ids", () => {
    const store = toPushedStoreOrder(parsed(document()));
    expect(store).toMatchObject({
      externalId: "A-2001",
      number: "A-2001",
      customer: { externalId: null, email: "maya@example.com" },
      placedAt: new Date("2026-11-02T13:30:00Z"),
      lines: [
        { externalId: "L1", quantity: 2 },
        { externalId: "L2", finalSale: true },
      ],
      refunds: [{ externalId: "R1", note: null, lines: [{ lineExternalId: "L1", quantity: 1 }] }],
    });
  });
});

const lineArbitrary = fc.record({
  id: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
  sku: fc.stringMatching(/^[A-Z0-9-]{1,20}$/),
  name: fc
    .string({ minLength: 1, maxLength: 40 })
    .filter((name) => /^\S(.*\S)?$/.test(name) && !hasControlCharacter(name)),
  category: fc.constantFrom("kitchen", "apparel", "electronics", "gift_card"),
  quantity: fc.integer({ min: 1, max: PUSHED_ORDER_LIMITS.maxQuantity }),
  unitPriceCents: fc.integer({ min: 0, max: PUSHED_ORDER_LIMITS.maxAmountMinor }),
  finalSale: fc.boolean(),
  opened: fc.boolean(),
});

const validDocument = fc
  .record({
    number: fc.stringMatching(/^[A-Z][A-Z0-9-]{0,10}$/),
    currency: fc.constantFrom("USD", "EUR", "JPY", "KWD"),
    shippingCents: fc.integer({ min: 0, max: 100_000 }),
    lines: fc.uniqueArray(lineArbitrary, {
      minLength: 1,
      maxLength: 6,
      selector: (line) => line.id,
    }),
    delivered: fc.boolean(),
  })
  .map(({ delivered, ...rest }) => ({
    ...rest,
    customer: { email: "sam@example.com", name: "Sam Ortiz" },
    placedAt: "2026-10-01T08:00:00.000Z",
    deliveredAt: delivered ? "2026-10-04T08:00:00.000Z" : null,
    paymentMethodLabel: "Mastercard •1111",
    paymentReference: null,
    refunds: [],
  }));

/** One field of a valid document made wrong, and the path the refusal must name. */
const corruption = fc.constantFrom<[string, (doc: Record<string, unknown>) => void]>(
  [
    "currency",
    (doc) => {
      doc.currency = "ZZZ";
    },
  ],
  [
    "shippingCents",
    (doc) => {
      doc.shippingCents = -5;
    },
  ],
  [
    "placedAt",
    (doc) => {
      doc.placedAt = "yesterday";
    },
  ],
  [
    "customer.email",
    (doc) => {
      (doc.customer as Record<string, unknown>).email = "not-an-email";
    },
  ],
  [
    "paymentMethodLabel",
    (doc) => {
      doc.paymentMethodLabel = "";
    },
  ],
  [
    "lines.0.quantity",
    (doc) => {
      ((doc.lines as Record<string, unknown>[])[0] as Record<string, unknown>).quantity = 0;
    },
  ],
  [
    "lines.0.unitPriceCents",
    (doc) => {
      ((doc.lines as Record<string, unknown>[])[0] as Record<string, unknown>).unitPriceCents = 1.5;
    },
  ],
  [
    "lines.0.category",
    (doc) => {
      ((doc.lines as Record<string, unknown>[])[0] as Record<string, unknown>).category = "NOPE!";
    },
  ],
  [
    "number",
    (doc) => {
      doc.number = "has space";
    },
  ],
);

describe("pushed order properties", () => {
  it("any valid document parses back to itself and to the same version", () => {
    fc.assert(
      fc.property(validDocument, (doc) => {
        const order = parsed(doc);
        expect(order).toEqual(doc);
        expect(pushedOrderVersion(parsed(JSON.parse(JSON.stringify(order))))).toBe(
          pushedOrderVersion(order),
        );
      }),
    );
  });

  it("any single-field corruption is refused, naming that field", () => {
    fc.assert(
      fc.property(validDocument, corruption, (doc, [path, corrupt]) => {
        const copy = structuredClone(doc) as Record<string, unknown>;
        corrupt(copy);
        const result = parsePushedOrder(copy);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.errors.map((error) => error.path)).toEqual([path]);
      }),
    );
  });

  it("refunds never sum above a line's quantity", () => {
    fc.assert(
      fc.property(validDocument, fc.integer({ min: 1, max: 3 }), (doc, refundCount) => {
        const line = doc.lines[0];
        if (!line) return;
        const refunds = Array.from({ length: refundCount }, (_, index) => ({
          id: `R${index}`,
          createdAt: "2026-10-05T08:00:00.000Z",
          lines: [{ lineId: line.id, quantity: line.quantity }],
          shippingCents: 0,
        }));
        expect(parsePushedOrder({ ...doc, refunds }).ok).toBe(refundCount === 1);
      }),
    );
  });
});

describe("currencyMinorUnits", () => {
  it("knows ISO 4217's exponents and no made-up codes", () => {
    expect([
      currencyMinorUnits("USD"),
      currencyMinorUnits("JPY"),
      currencyMinorUnits("KWD"),
    ]).toEqual([2, 0, 3]);
    expect(currencyMinorUnits("XYZ")).toBeNull();
    expect(currencyMinorUnits("usd")).toBeNull();
  });
});
