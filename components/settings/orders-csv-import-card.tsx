"use client";

import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert, FormStatus } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { Table, Td, Th } from "@/components/ui/table";
import { describeProblem, type ProblemBody } from "@/lib/client/send-json";
import { CSV_COLUMNS } from "@/lib/domain/pushed-order-csv-columns";
import type { OrdersImported } from "@/lib/server/services/store-orders/import-orders-csv";
import { sendRequest } from "./send-request";

const MAX_FILE_BYTES = 5 * 1024 * 1024;

type RowError = { row: number; column: string | null; message: string };

const EXAMPLE_CSV = [
  CSV_COLUMNS.join(","),
  'A-1001,maya@example.com,Maya Lin,USD,2026-11-02T14:30:00Z,2026-11-05T09:00:00Z,8.00,Visa •4242,pi_3Qabc,1,KETTLE-1,"Kettle, steel",kitchen,1,48.00,false,false',
  "A-1001,maya@example.com,Maya Lin,USD,2026-11-02T14:30:00Z,2026-11-05T09:00:00Z,8.00,Visa •4242,pi_3Qabc,2,MUG-2,Mug,kitchen,2,12.50,false,true",
].join("\n");

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function describeImport(result: OrdersImported): string {
  return `Imported ${plural(result.orders, "order", "orders")} from ${plural(result.rows, "row", "rows")}: ${result.created} new, ${result.updated} updated, ${result.unchanged} unchanged.`;
}

/*
 * Imports one CSV file of order lines into a workspace. The file is checked whole on the server;
 * if any row is wrong nothing is imported and every problem is listed by row and column.
 */
export function OrdersCsvImportCard({ workspaceId }: { workspaceId: string }) {
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<{ shown: RowError[]; count: number } | null>(null);
  const inputId = useId();
  const alertId = useId();
  const formatId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  function refuse(text: string, errors: { shown: RowError[]; count: number } | null = null) {
    setAlert(text);
    setRowErrors(errors);
    inputRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setDone(null);
    setAlert(null);
    setRowErrors(null);
    const file = inputRef.current?.files?.[0];
    if (!file) return refuse("Choose a CSV file to import.");
    if (file.size > MAX_FILE_BYTES) {
      return refuse(
        `The file is ${(file.size / (1024 * 1024)).toFixed(1)} MB; at most 5 MB (or 10,000 rows) can be imported at once. Split it into smaller files.`,
      );
    }
    setPending(true);
    const csv = await file.text();
    const result = await sendRequest<OrdersImported>("POST", "/api/settings/orders-import", {
      workspaceId,
      fileName: file.name,
      csv,
    });
    setPending(false);
    if (result.ok) {
      setDone(describeImport(result.data));
      form.reset();
      return;
    }
    const problem: ProblemBody = result.problem;
    const shown = Array.isArray(problem.rowErrors) ? (problem.rowErrors as RowError[]) : [];
    const count = typeof problem.rowErrorCount === "number" ? problem.rowErrorCount : shown.length;
    if (shown.length > 0)
      return refuse(problem.detail ?? "Nothing was imported.", { shown, count });
    refuse(`Nothing was imported. ${describeProblem(problem)}`);
  }

  function downloadExample() {
    const url = URL.createObjectURL(new Blob([EXAMPLE_CSV], { type: "text/csv" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "orders-example.csv";
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="space-y-4">
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <div className="space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
            CSV file
          </label>
          <p id={`${inputId}-hint`} className="text-sm text-slate-700">
            One row per order line, at most 5 MB or 10,000 rows; see{" "}
            <a href={`#${formatId}`} className="text-blue-800 underline">
              the format
            </a>
            . If any row is wrong, nothing is imported.
          </p>
          <input
            ref={inputRef}
            id={inputId}
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${inputId}-hint ${alertId}`}
            aria-invalid={alert ? true : undefined}
            className="block w-full max-w-full text-sm text-slate-900 file:mr-3 file:min-h-10 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium"
          />
        </div>
        <SubmitButton pending={pending} pendingLabel="Importing…">
          Import orders
        </SubmitButton>
      </form>
      <FormStatus outcome={done ? { tone: "success", text: done } : null} />
      <FormAlert id={alertId}>{alert}</FormAlert>
      {rowErrors ? (
        <div className="space-y-2">
          {rowErrors.count > rowErrors.shown.length ? (
            <p className="text-sm text-slate-700">
              Showing the first {rowErrors.shown.length} of {rowErrors.count} problems.
            </p>
          ) : null}
          <Table caption="Problems in the file, by row" captionVisible>
            <thead>
              <tr>
                <Th>Row</Th>
                <Th>Column</Th>
                <Th>Problem</Th>
              </tr>
            </thead>
            <tbody>
              {rowErrors.shown.map((error) => (
                <tr key={`${error.row}-${error.column ?? ""}-${error.message}`}>
                  <Td className="tabular-nums">{error.row}</Td>
                  <Td className="font-mono">{error.column ?? "—"}</Td>
                  <Td>{error.message}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
      <details id={formatId} className="text-sm">
        <summary className="cursor-pointer font-medium text-blue-800">The CSV format</summary>
        <div className="mt-2 space-y-2 text-slate-700">
          <p>
            A header row with these columns, in any order, then one row per order line. Rows with
            the same order_number make one order, and that order&apos;s columns (customer, currency,
            dates, shipping, payment) must be the same on each of its rows. Money is written in the
            order&apos;s currency, like 48.00; dates as ISO 8601 with a time zone, like
            2026-11-02T14:30:00Z; final_sale and opened as true or false. delivered_at and
            payment_reference may be empty. An order imported again is updated to what the file
            says.
          </p>
          <p className="font-mono break-words">{CSV_COLUMNS.join(", ")}</p>
          <Button variant="secondary" onClick={downloadExample}>
            Download an example file
          </Button>
        </div>
      </details>
    </div>
  );
}
