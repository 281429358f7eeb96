import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pushedOrderVersion } from "./pushed-order";
import { ordersFromCsvRecords, parseMinorUnits } from "./pushed-order-csv";
import { CSV_COLUMNS } from "./pushed-order-csv-columns";

const HEADER = [...CSV_COLUMNS];

type Cells = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;

function row(cells: Cells = {}): string[] {
  const base: Record<string, string> = {
    order_number: "A-3001",
    customer_email: "maya@example.com",
    customer_name: "Maya Lin",
    currency: "USD",
    placed_at: "2026-11-02T14:30:00Z",
    delivered_at: "2026-11-05T09:00:00Z",
    shipping: "8.00",
    payment_method: "Visa •4242",
    payment_reference: "",
    line_id: "L1",
    sku: "KETTLE-1",
    name: "Kettle",
    category: "kitchen",
    quantity: "2",
    unit_price: "48.00",
    final_sale: "false",
    opened: "no",
    ...cells,
  };
  return HEADER.map((column) => base[column] ?? "");
}

/** Rows numbered as a file without blank lines numbers them: the header is row 1. */
function numbered(rows: string[][]) {
  return rows.map((cells, index) => ({ row: index + 1, cells }));
}

function errorsOf(records: string[][]) {
  const result = ordersFromCsvRecords(numbered(records));
  if (result.ok) throw new Error("expected the file to be refused");
  return result.errors;
}

describe("parseMinorUnits", () => {
  it.each([
    ["48.00", 2, 4800],
    ["48", 2, 4800],
    ["48.5", 2, 4850],
    ["0.29", 2, 29],
    ["4800", 0, 4800],
    ["1.234", 3, 1234],
    ["007.10", 2, 710],
  ])("reads %s with %i decimals as %i", (text, decimals, expected) => {
    expect(parseMinorUnits(text, decimals)).toBe(expected);
  });

  it.each([
    ["48.005", 2],
    ["4800.5", 0],
    ["-1.00", 2],
    ["1,200.00", 2],
    ["$4.00", 2],
    ["1e3", 2],
    ["", 2],
    [".5", 2],
    ["99999999999999999.00", 2],
  ])("refuses %s with %i decimals", (text, decimals) => {
    expect(parseMinorUnits(text, decimals)).toBeNull();
  });
});

describe("ordersFromCsvRecords", () => {
  it("groups rows into orders by number, amounts exact to the cent", () => {
    const result = ordersFromCsvRecords(
      numbered([
        HEADER,
        row(),
        row({ line_id: "L2", sku: "MUG", name: "Mug, blue", quantity: "1", unit_price: "12.5" }),
        row({
          order_number: "A-3002",
          customer_email: "sam@example.com",
          currency: "JPY",
          shipping: "500",
          unit_price: "4800",
        }),
      ]),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.orders.map((order) => order.number)).toEqual(["A-3001", "A-3002"]);
    expect(result.orders[0]).toMatchObject({
      shippingCents: 800,
      paymentReference: null,
      lines: [
        { id: "L1", quantity: 2, unitPriceCents: 4800, finalSale: false, opened: false },
        { id: "L2", name: "Mug, blue", unitPriceCents: 1250 },
      ],
    });
    expect(result.orders[1]).toMatchObject({
      currency: "JPY",
      shippingCents: 500,
      lines: [{ unitPriceCents: 4800 }],
    });
  });

  it("reads a header with a byte-order mark and any case", () => {
    const header = HEADER.map((column, index) =>
      index === 0 ? `\uFEFF${column.toUpperCase()}` : column,
    );
    expect(ordersFromCsvRecords(numbered([header, row()])).ok).toBe(true);
  });

  it("names the row and column of each bad cell, the header being row 1", () => {
    expect(
      errorsOf([
        HEADER,
        row({ unit_price: "48.005" }),
        row({ line_id: "L2", quantity: "1.5", final_sale: "maybe" }),
      ]),
    ).toEqual([
      {
        row: 2,
        column: "unit_price",
        message: expect.stringContaining("like 48.00 in USD (up to 2 decimals"),
      },
      { row: 3, column: "quantity", message: expect.stringContaining("whole number of units") },
      { row: 3, column: "final_sale", message: "must be true or false (or yes/no, 1/0)" },
    ]);
  });

  it("refuses an order whose rows disagree on the order's columns", () => {
    expect(errorsOf([HEADER, row(), row({ line_id: "L2", currency: "EUR" })])).toEqual([
      {
        row: 3,
        column: "currency",
        message:
          'says "EUR" but row 2 of order "A-3001" says "USD"; an order\'s columns must agree on all its rows',
      },
    ]);
  });

  it("places the document's problems on their rows: a duplicate line id, an unknown currency", () => {
    expect(errorsOf([HEADER, row(), row({ quantity: "1" })])).toEqual([
      {
        row: 3,
        column: "line_id",
        message: expect.stringContaining('"L1" is the id of another line'),
      },
    ]);
    expect(errorsOf([HEADER, row({ currency: "XYZ" })])).toEqual([
      { row: 2, column: "currency", message: expect.stringContaining('"XYZ" is not one') },
    ]);
    expect(errorsOf([HEADER, row({ customer_email: "nobody" })])).toEqual([
      { row: 2, column: "customer_email", message: expect.stringContaining("email address") },
    ]);
  });

  it("never echoes a whole cell back: values in messages are cut short", () => {
    const [error] = errorsOf([
      [...HEADER, "x".repeat(100_000)],
      [...row(), ""],
    ]);
    expect(error?.message.length).toBeLessThan(400);
    expect(error?.message).toContain(`"${"x".repeat(40)}…"`);
  });

  it("refuses an empty file, a header alone, unknown and missing columns, and short rows", () => {
    expect(errorsOf([])).toEqual([
      { row: 1, column: null, message: expect.stringContaining("the file is empty") },
    ]);
    expect(errorsOf([HEADER])).toEqual([
      { row: 1, column: null, message: "the file has a header but no order lines" },
    ]);
    expect(
      errorsOf([[...HEADER.filter((column) => column !== "opened"), "colour"], row()]),
    ).toEqual([
      { row: 1, column: null, message: expect.stringContaining('"colour" is not a column') },
      { row: 1, column: null, message: expect.stringContaining("lacks the column opened") },
    ]);
    expect(errorsOf([HEADER, row().slice(0, 5)])).toEqual([
      { row: 2, column: null, message: "has 5 cells; the header has 17 columns" },
    ]);
  });
});

describe("CSV properties", () => {
  const lines = fc.uniqueArray(
    fc.record({
      order: fc.constantFrom("A-1", "A-2", "B-7"),
      line: fc.stringMatching(/^L[0-9]{1,3}$/),
      quantity: fc.integer({ min: 1, max: 50 }),
      cents: fc.integer({ min: 0, max: 999_999 }),
    }),
    { minLength: 1, maxLength: 12, selector: (entry) => `${entry.order}/${entry.line}` },
  );

  const toRow = (entry: { order: string; line: string; quantity: number; cents: number }) =>
    row({
      order_number: entry.order,
      line_id: entry.line,
      quantity: String(entry.quantity),
      unit_price: `${Math.floor(entry.cents / 100)}.${String(entry.cents % 100).padStart(2, "0")}`,
    });

  it("row order does not change the orders built, and every amount is exact", () => {
    fc.assert(
      fc.property(
        lines.chain((entries) =>
          fc.tuple(
            fc.constant(entries),
            fc.shuffledSubarray(entries, { minLength: entries.length }),
          ),
        ),
        ([entries, shuffled]) => {
          const first = ordersFromCsvRecords(numbered([HEADER, ...entries.map(toRow)]));
          const second = ordersFromCsvRecords(numbered([HEADER, ...shuffled.map(toRow)]));
          expect(first.ok && second.ok).toBe(true);
          if (!first.ok || !second.ok) return;
          const versions = (orders: typeof first.orders) =>
            Object.fromEntries(orders.map((order) => [order.number, pushedOrderVersion(order)]));
          expect(versions(second.orders)).toEqual(versions(first.orders));
          for (const entry of entries) {
            const line = first.orders
              .find((order) => order.number === entry.order)
              ?.lines.find((l) => l.id === entry.line);
            expect(line?.unitPriceCents).toBe(entry.cents);
          }
        },
      ),
    );
  });
});
