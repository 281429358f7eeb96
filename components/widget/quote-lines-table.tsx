import { formatMoneyIn } from "@/lib/domain/languages";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";
import { formatLineFeeIn } from "./widget-format";
import { useWidgetText } from "./widget-text";

/** The quote's items with price and fee, shipping, and the refund the customer would get. */
export function QuoteLinesTable({ card }: { card: WidgetQuoteCard }) {
  const { language, t } = useWidgetText();
  const money = (cents: number) => formatMoneyIn(language, cents, card.currency);
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">
          {t("quote_table_caption", { order: card.orderNumber })}
        </caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            <th scope="col" className="py-1 pr-2 font-medium">
              {t("column_item")}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              {t("column_price")}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t("column_fee")}
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
              <td className="py-1 text-right tabular-nums">
                {formatLineFeeIn(language, line, card.currency)}
              </td>
            </tr>
          ))}
          {card.shippingRefundCents > 0 && (
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <td className="py-1 pr-2">{t("shipping")}</td>
              <td className="py-1 pr-2 text-right tabular-nums">
                {money(card.shippingRefundCents)}
              </td>
              <td className="py-1 text-right">{t("no_fee")}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pt-2 pr-2 text-left font-semibold">
              {t("refund_total")}
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
