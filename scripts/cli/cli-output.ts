import { isAppError } from "@/lib/errors/app-error";

/** 0 done, 1 refused by the product (already decided, wrong password…), 2 bad usage. */
export const EXIT_DONE = 0;
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

/** A refusal the operator can act on; printed as one line, exit 1. */
export class RefusedError extends Error {
  override name = "RefusedError";
}

/** Bad input caught after parsing (an id of the wrong shape, an empty body); exit 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

export function printRecords(rows: Record<string, unknown>[], options: { json?: boolean }): void {
  if (options.json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  if (rows.length === 0) {
    process.stdout.write("(none)\n");
    return;
  }
  const columns = Object.keys(rows[0] ?? {});
  const cells = rows.map((row) => columns.map((column) => formatCell(row[column])));
  const widths = columns.map((column, index) =>
    Math.min(40, Math.max(column.length, ...cells.map((line) => (line[index] ?? "").length))),
  );
  const line = (values: string[]) =>
    values
      .map((value, index) => value.slice(0, widths[index]).padEnd(widths[index] ?? 0))
      .join("  ");
  process.stdout.write(`${line(columns)}\n${cells.map(line).join("\n")}\n`);
}

export function printResult(value: unknown, options: { json?: boolean } = {}): void {
  if (options.json || typeof value !== "string") {
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${value}\n`);
}

function formatCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** What a failed command prints and exits with. */
export function exitCodeForError(error: unknown): { code: number; message: string } {
  if (error instanceof UsageError) return { code: EXIT_USAGE, message: error.message };
  if (error instanceof RefusedError) return { code: EXIT_REFUSED, message: error.message };
  if (isAppError(error)) {
    const code = error.code === "VALIDATION_FAILED" && error.errors ? EXIT_USAGE : EXIT_REFUSED;
    const fields = error.errors?.map((field) => `${field.path}: ${field.message}`).join("; ");
    return { code, message: fields ? `${error.message} (${fields})` : error.message };
  }
  if (error instanceof Error && error.name === "ZodError") {
    return { code: EXIT_USAGE, message: error.message };
  }
  return {
    code: EXIT_REFUSED,
    message: `Unexpected failure: ${error instanceof Error ? error.message : String(error)}`,
  };
}
