import "server-only";
import { CsvError, parse } from "csv-parse/sync";
import { z } from "zod";
import {
  type CsvRecord,
  type CsvRowError,
  ordersFromCsvRecords,
} from "@/lib/domain/pushed-order-csv";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/prisma-errors";
import { newId } from "@/lib/ids";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { requireStoreOrdersAdmin } from "./require-store-orders-admin";
import { lockAndFindConflicts, writePushedOrders } from "./write-pushed-orders";

export const CSV_IMPORT_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 10_000,
  /** Row errors sent back; the count says how many there were in all. */
  maxErrorsShown: 200,
} as const;

/** The body of POST /api/settings/orders-import. */
export const importOrdersCsvSchema = z
  .object({
    workspaceId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be a workspace id"),
    fileName: z.string().trim().max(255).nullable(),
    csv: z.string(),
  })
  .strict();

export type OrdersImported = {
  rows: number;
  orders: number;
  created: number;
  updated: number;
  unchanged: number;
};

// Large imports write thousands of rows in one transaction: 10,000 rows in 2,500 orders took
// 38 s on two busy cores, and an order per row costs more, so the limit leaves room for that.
const IMPORT_TRANSACTION = { maxWait: 10_000, timeout: 300_000 } as const;

function refused(detail: string, errors: readonly CsvRowError[]): AppError {
  return new AppError("VALIDATION_FAILED", detail, {
    extensions: {
      rowErrors: errors.slice(0, CSV_IMPORT_LIMITS.maxErrorsShown),
      rowErrorCount: errors.length,
    },
  });
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function newlinesWithin(raw: string): number {
  return (
    raw
      .replace(/^[\r\n]+/, "")
      .replace(/\r?\n$/, "")
      .match(/\n/g)?.length ?? 0
  );
}

/** The file's records with the row each starts on, as a spreadsheet numbers them. */
function readCsv(text: string): CsvRecord[] {
  try {
    // With info and raw, csv-parse yields each record with where it was read (its typings do not say so).
    const records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      raw: true,
    }) as unknown as { record: string[]; raw: string; info: { lines: number } }[];
    return records.map(({ record, raw, info }) => ({
      // info.lines is the line the record ends on; a quoted cell may span lines before it, and
      // the raw text also holds the blank lines skipped before it.
      row: info.lines - newlinesWithin(raw),
      cells: record,
    }));
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw refused("The file is not valid CSV; nothing was imported.", [
        { row: line ?? 1, column: null, message: `is not valid CSV: ${error.message}` },
      ]);
    }
    throw error;
  }
}

/*
 * Imports a CSV of order lines into one workspace. Every row is checked first (cells, the order's
 * columns agreeing, the document rules the orders API applies, numbers or customers kept
 * elsewhere); if any row fails, nothing is written and every problem is returned (the first 200,
 * with the count). Otherwise every order is written in one transaction with one audit event that
 * counts what changed: the file is imported whole or not at all.
 */
export async function importOrdersCsv(
  input: z.input<typeof importOrdersCsvSchema> & { staffId: string },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<OrdersImported> {
  const { db } = context;
  const now = context.now();
  const actor = await requireStoreOrdersAdmin(db, input.staffId, "Importing orders");
  const bytes = Buffer.byteLength(input.csv, "utf8");
  if (bytes > CSV_IMPORT_LIMITS.maxBytes) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The file is ${megabytes(bytes)}; at most 5 MB (or ${CSV_IMPORT_LIMITS.maxRows.toLocaleString("en-US")} rows) can be imported at once. Split it into smaller files.`,
    );
  }
  const records = readCsv(input.csv);
  const rows = Math.max(records.length - 1, 0);
  if (rows > CSV_IMPORT_LIMITS.maxRows) {
    throw refused(
      `The file has ${rows.toLocaleString("en-US")} order lines; at most ${CSV_IMPORT_LIMITS.maxRows.toLocaleString("en-US")} (or 5 MB) can be imported at once. Split it into smaller files.`,
      [],
    );
  }
  const built = ordersFromCsvRecords(records);
  if (!built.ok) throw refusedRows(built.errors);
  const { orders } = built;

  const workspace = await db.workspace.findUnique({ where: { id: input.workspaceId } });
  if (!workspace) throw new AppError("NOT_FOUND", "No such workspace");
  const firstRowOf = new Map<string, number>();
  for (const record of records.slice(1)) {
    const number = (record.cells[0] ?? "").trim();
    if (!firstRowOf.has(number)) firstRowOf.set(number, record.row);
  }

  try {
    return await db.$transaction(async (tx) => {
      const source = "csv_import" as const;
      const conflicts = await lockAndFindConflicts(tx, {
        workspaceId: workspace.id,
        source,
        orders,
      });
      if (conflicts.length > 0) {
        throw refusedRows(
          conflicts.map((conflict) => ({
            row: firstRowOf.get(conflict.number) ?? 2,
            column: conflict.field === "number" ? "order_number" : "customer_email",
            message: conflict.message,
          })),
        );
      }
      const written = await writePushedOrders(tx, {
        workspaceId: workspace.id,
        source,
        orders,
        checkedAt: now,
      });
      const summary: OrdersImported = {
        rows,
        orders: written.length,
        created: written.filter((order) => order.created).length,
        updated: written.filter((order) => order.changed && !order.created).length,
        unchanged: written.filter((order) => !order.changed).length,
      };
      await appendAuditEvents(tx, [
        {
          kind: "orders.imported",
          subjectType: "order_import",
          subjectId: newId("imp"),
          actor,
          occurredAt: now,
          payload: {
            workspaceId: workspace.id,
            fileName: input.fileName || null,
            rows,
            created: summary.created,
            updated: summary.updated,
            unchanged: summary.unchanged,
            orderNumbers: written.slice(0, 100).map((order) => order.number),
          },
        },
      ]);
      return summary;
    }, IMPORT_TRANSACTION);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        "CONFLICT",
        "Another write of these orders or their customers happened at the same moment; nothing was imported. Import the file again.",
      );
    }
    throw error;
  }
}

function refusedRows(errors: readonly CsvRowError[]): AppError {
  const rowCount = new Set(errors.map((error) => error.row)).size;
  return refused(
    `${rowCount === 1 ? "1 row has" : `${rowCount} rows have`} problems; nothing was imported. Fix them and import the whole file again.`,
    [...errors].sort((a, b) => a.row - b.row),
  );
}
