/*
 * RFC 4180 fields. A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) gets a leading apostrophe: audit payloads hold customer text, which must stay text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED_FORMULA = /^'[=+\-@\t\r]/;

export function csvField(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: ReadonlyArray<string | number | bigint | null | undefined>): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** A field read back from such a file: the apostrophe csvField put before a formula comes off. */
export function csvFieldText(field: string): string {
  return NEUTRALISED_FORMULA.test(field) ? field.slice(1) : field;
}
