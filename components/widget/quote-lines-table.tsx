import { formatLineFee } from "@/lib/client/format-line-fee";
import { formatMoney } from "@/lib/domain/money";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";

/** The quote's items with price and fee, shipping, and the refund the customer would get. */
export function QuoteLinesTable({ card }: { card: WidgetQuoteCard }) {
  const money = (cents: number) => formatMoney(cents, card.currency);
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">Refund amounts for order {card.orderNumber}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            <th scope="col" className="py-1 pr-2 font-medium">
              Item
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Price
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Fee
            </th>
          </tr>
        </thead>
        <tbody>
          {card.lines.map((line) => (
            <tr key={line.lineId} className="border-b border-slate-200 dark:border-slate-700">
              <td className="py-1 pr-2">
                {line.quantity > 1 ? `${line.quantity} × ` : ""}
                {line.name}
              </td>
              <td className="py-1 pr-2 text-right tabular-nums">{money(line.subtotalCents)}</td>
              <td className="py-1 text-right tabular-nums">{formatLineFee(line, card.currency)}</td>
            </tr>
          ))}
          {card.shippingRefundCents > 0 && (
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <td className="py-1 pr-2">Shipping</td>
              <td className="py-1 pr-2 text-right tabular-nums">
                {money(card.shippingRefundCents)}
              </td>
              <td className="py-1 text-right">none</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pt-2 pr-2 text-left font-semibold">
              Refund
            </th>
            <td className="pt-2 text-right font-semibold tabular-nums" data-testid="quote-net">
              {money(card.netRefundCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
