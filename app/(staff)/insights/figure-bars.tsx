import Link from "next/link";
import { Table, Td, Th } from "@/components/ui/table";
import type { Figure } from "@/lib/domain/insights";
import { formatMoney } from "@/lib/domain/money";
import { barWidthClass } from "./bar-width";
import { figureHref, type PeriodDates } from "./insight-links";

/*
 * One section's figures as a table with a bar per row, drawn on the server with CSS classes. The
 * bar is decoration (hidden from screen readers); the numbers are in the cells. Each label links
 * to the inbox showing exactly the conversations behind the figure.
 */
export function FigureBars({
  caption,
  figures,
  period,
  money = false,
  emptyText,
}: {
  caption: string;
  figures: readonly Figure[];
  period: PeriodDates;
  money?: boolean;
  emptyText: string;
}) {
  if (figures.length === 0) {
    return <p className="px-4 py-4 text-sm text-slate-600 sm:px-6">{emptyText}</p>;
  }
  const scale = Math.max(
    0,
    ...figures.map((figure) => (money ? (figure.amountCents ?? 0) : figure.count)),
  );
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <Th>Figure</Th>
          <Th className="w-2/5">
            <span className="sr-only">Bar</span>
          </Th>
          <Th className="text-right">Count</Th>
          {money ? <Th className="text-right">Amount</Th> : null}
        </tr>
      </thead>
      <tbody>
        {figures.map((figure) => {
          const size = money ? (figure.amountCents ?? 0) : figure.count;
          return (
            <tr key={figure.key} data-figure={figure.key}>
              <Td>
                <Link
                  href={figureHref(figure.key, period)}
                  className="text-blue-800 underline underline-offset-2"
                >
                  {figure.label}
                </Link>
              </Td>
              <Td>
                <div aria-hidden="true" className="h-3 w-full rounded bg-slate-100">
                  <div className={`h-3 rounded bg-blue-700 ${barWidthClass(size, scale)}`} />
                </div>
              </Td>
              <Td className="text-right tabular-nums" data-testid="figure-count">
                {figure.count}
              </Td>
              {money ? (
                <Td className="text-right tabular-nums">
                  {formatMoney(figure.amountCents ?? 0, figure.currency ?? "USD")}
                </Td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
