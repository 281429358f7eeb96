import { PUSHED_ORDER_LIMITS, type PushedOrder, parsePushedOrder, quoted } from "./pushed-order";
import { CSV_COLUMNS, type CsvColumn } from "./pushed-order-csv-columns";
import { currencyMinorUnits } from "./pushed-order-currencies";

/*
 * Orders from a CSV file: one row per order line, grouped into orders by order_number. The
 * order's own columns must say the same on each of its rows. Every row is checked before
 * anything is kept, and each problem names its row (the header is row 1, as a spreadsheet
 * numbers them) and its column. Money is a decimal in the order's currency ("48.00" for USD),
 * read digit by digit into the minor unit, never through a float.
 */

/** The columns that describe the order (not the line): equal on every row of one order. */
const ORDER_COLUMNS = [
  "customer_email",
  "customer_name",
  "currency",
  "placed_at",
  "delivered_at",
  "shipping",
  "payment_method",
  "payment_reference",
] as const satisfies readonly CsvColumn[];

export type CsvRowError = {
  /** 1-based, the header being row 1. */
  row: number;
  /** The column the problem is in; null for the row as a whole. */
  column: CsvColumn | null;
  message: string;
};

export type CsvOrders = { ok: true; orders: PushedOrder[] } | { ok: false; errors: CsvRowError[] };

/** One parsed row: its cells and its row number in the file (the header is row 1). */
export type CsvRecord = { row: number; cells: readonly string[] };

/** Reads a decimal amount ("48.00", "48", "48.5") into the minor unit; null when it is not one. */
export function parseMinorUnits(text: string, minorUnits: number): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > minorUnits) return null;
  const digits = `${match[1]}${fraction.padEnd(minorUnits, "0")}`.replace(/^0+(?=\d)/, "");
  if (digits.length > 16) return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}

function amountHint(currency: string, minorUnits: number): string {
  const example = minorUnits === 0 ? "4800" : `48.${"0".repeat(minorUnits)}`;
  return `must be an amount like ${example} in ${currency} (up to ${minorUnits} decimal${minorUnits === 1 ? "" : "s"}, no currency sign, minus or thousands separator)`;
}

function formatMinor(value: number, minorUnits: number): string {
  if (minorUnits === 0) return String(value);
  const digits = String(value).padStart(minorUnits + 1, "0");
  return `${digits.slice(0, -minorUnits)}.${digits.slice(-minorUnits)}`;
}

const TRUE_WORDS = new Set(["true", "yes", "1"]);
const FALSE_WORDS = new Set(["false", "no", "0"]);

function parseFlag(text: string): boolean | null {
  const word = text.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

type Row = { row: number; cells: Record<CsvColumn, string> };

/** The document's field paths and the column each comes from. */
const COLUMN_OF_PATH: Readonly<Record<string, CsvColumn>> = {
  number: "order_number",
  "customer.email": "customer_email",
  "customer.name": "customer_name",
  currency: "currency",
  placedAt: "placed_at",
  deliveredAt: "delivered_at",
  shippingCents: "shipping",
  paymentMethodLabel: "payment_method",
  paymentReference: "payment_reference",
  id: "line_id",
  sku: "sku",
  name: "name",
  category: "category",
  quantity: "quantity",
  unitPriceCents: "unit_price",
  finalSale: "final_sale",
  opened: "opened",
};

/** The header's problems: every column named once, none unknown, none missing. */
function checkHeader(header: readonly string[]): CsvRowError[] {
  const errors: CsvRowError[] = [];
  const seen = new Set<string>();
  const known = new Set<string>(CSV_COLUMNS);
  for (const name of header) {
    if (seen.has(name)) {
      errors.push({
        row: 1,
        column: null,
        message: `the column ${quoted(name)} appears twice`,
      });
    } else if (!known.has(name)) {
      errors.push({
        row: 1,
        column: null,
        message: `${quoted(name)} is not a column of the orders CSV (the columns: ${CSV_COLUMNS.join(", ")})`,
      });
    }
    seen.add(name);
  }
  const missing = CSV_COLUMNS.filter((column) => !seen.has(column));
  if (missing.length > 0) {
    errors.push({
      row: 1,
      column: null,
      message: `the header lacks ${missing.length === 1 ? "the column" : "the columns"} ${missing.join(", ")}; every column must be there, even if its cells are empty`,
    });
  }
  return errors;
}

/** The rows as header-named cells; a row of the wrong width is an error of its own. */
function readRows(header: readonly string[], records: readonly CsvRecord[]) {
  const rows: Row[] = [];
  const errors: CsvRowError[] = [];
  records.forEach(({ row, cells: record }) => {
    if (record.length !== header.length) {
      errors.push({
        row,
        column: null,
        message: `has ${record.length} cells; the header has ${header.length} columns`,
      });
      return;
    }
    const cells = Object.fromEntries(
      header.map((name, column) => [name, (record[column] ?? "").trim()]),
    ) as Record<CsvColumn, string>;
    rows.push({ row, cells });
  });
  return { rows, errors };
}

/** One order's rows, made into the document the orders API takes (or the cells that cannot be). */
function documentOf(rows: readonly Row[]): { document: unknown; errors: CsvRowError[] } {
  const [first, ...rest] = rows as [Row, ...Row[]];
  const errors: CsvRowError[] = [];
  for (const row of rest) {
    for (const column of ORDER_COLUMNS) {
      if (row.cells[column] !== first.cells[column]) {
        errors.push({
          row: row.row,
          column,
          message: `says ${quoted(row.cells[column])} but row ${first.row} of order ${quoted(first.cells.order_number)} says ${quoted(first.cells[column])}; an order's columns must agree on all its rows`,
        });
      }
    }
  }
  const currency = first.cells.currency;
  const minorUnits = currencyMinorUnits(currency);
  if (minorUnits === null) {
    errors.push({
      row: first.row,
      column: "currency",
      message: `must be an ISO 4217 currency code in capitals, such as USD or EUR; ${quoted(currency)} is not one`,
    });
  }
  const amount = (row: Row, column: "shipping" | "unit_price"): number | null => {
    if (minorUnits === null) return null;
    const value = parseMinorUnits(row.cells[column], minorUnits);
    if (value === null) {
      errors.push({ row: row.row, column, message: amountHint(currency, minorUnits) });
      return null;
    }
    if (value > PUSHED_ORDER_LIMITS.maxAmountMinor) {
      errors.push({
        row: row.row,
        column,
        message: `must be at most ${formatMinor(PUSHED_ORDER_LIMITS.maxAmountMinor, minorUnits)}`,
      });
      return null;
    }
    return value;
  };
  const flag = (row: Row, column: "final_sale" | "opened"): boolean | null => {
    const value = parseFlag(row.cells[column]);
    if (value === null) {
      errors.push({ row: row.row, column, message: "must be true or false (or yes/no, 1/0)" });
    }
    return value;
  };
  const whole = (row: Row): number | null => {
    if (!/^\d{1,9}$/.test(row.cells.quantity)) {
      errors.push({
        row: row.row,
        column: "quantity",
        message: `must be a whole number of units from 1 to ${PUSHED_ORDER_LIMITS.maxQuantity}`,
      });
      return null;
    }
    return Number(row.cells.quantity);
  };

  const document = {
    number: first.cells.order_number,
    customer: { email: first.cells.customer_email, name: first.cells.customer_name },
    currency,
    placedAt: first.cells.placed_at,
    deliveredAt: first.cells.delivered_at === "" ? null : first.cells.delivered_at,
    shippingCents: amount(first, "shipping"),
    paymentMethodLabel: first.cells.payment_method,
    paymentReference: first.cells.payment_reference === "" ? null : first.cells.payment_reference,
    lines: rows.map((row) => ({
      id: row.cells.line_id,
      sku: row.cells.sku,
      name: row.cells.name,
      category: row.cells.category,
      quantity: whole(row),
      unitPriceCents: amount(row, "unit_price"),
      finalSale: flag(row, "final_sale"),
      opened: flag(row, "opened"),
    })),
  };
  return { document, errors };
}

/** The document's problems, placed on the row and column they come from. */
function rowErrorsOf(
  rows: readonly Row[],
  errors: readonly { path: string; message: string }[],
): CsvRowError[] {
  const first = rows[0] as Row;
  return errors.map(({ path, message }) => {
    const line = /^lines\.(\d+)\.(\w+)$/.exec(path);
    if (line) {
      const row = rows[Number(line[1])] ?? first;
      return { row: row.row, column: COLUMN_OF_PATH[line[2] ?? ""] ?? null, message };
    }
    if (path === "lines") {
      return { row: first.row, column: "order_number", message: `the order's lines ${message}` };
    }
    return { row: first.row, column: COLUMN_OF_PATH[path] ?? null, message };
  });
}

/**
 * Parsed CSV records (the header first) as orders, or every problem found. Orders come out in
 * the order their numbers first appear; rows of one order in any order give the same order.
 */
export function ordersFromCsvRecords(records: readonly CsvRecord[]): CsvOrders {
  const [headerRecord, ...body] = records;
  const header = headerRecord?.cells;
  if (header === undefined) {
    return {
      ok: false,
      errors: [
        {
          row: 1,
          column: null,
          message: "the file is empty: it needs a header row and at least one order line",
        },
      ],
    };
  }
  const names = header.map((name, index) =>
    (index === 0 ? name.replace(/^\uFEFF/, "") : name).trim().toLowerCase(),
  );
  const headerErrors = checkHeader(names);
  if (headerErrors.length > 0) return { ok: false, errors: headerErrors };
  if (body.length === 0) {
    return {
      ok: false,
      errors: [{ row: 1, column: null, message: "the file has a header but no order lines" }],
    };
  }

  const { rows, errors } = readRows(names, body);
  const byNumber = new Map<string, Row[]>();
  for (const row of rows) {
    const number = row.cells.order_number;
    byNumber.set(number, [...(byNumber.get(number) ?? []), row]);
  }
  const orders: PushedOrder[] = [];
  for (const orderRows of byNumber.values()) {
    const { document, errors: cellErrors } = documentOf(orderRows);
    errors.push(...cellErrors);
    if (cellErrors.length > 0) continue;
    const parsed = parsePushedOrder(document);
    if (parsed.ok) orders.push(parsed.order);
    else errors.push(...rowErrorsOf(orderRows, parsed.errors));
  }
  if (errors.length > 0) {
    return { ok: false, errors: errors.sort((a, b) => a.row - b.row) };
  }
  return { ok: true, orders };
}
