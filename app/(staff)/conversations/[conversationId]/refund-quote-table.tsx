import { formatLineFee } from "@/lib/client/format-line-fee";
import { formatMoney } from "@/lib/domain/money";
import type { ThreadAction } from "@/lib/server/services/conversations/get-conversation-thread";

/** The stored quote line by line: what each item refunds after its fee, then shipping and the total. */
export function RefundQuoteTable({ action }: { action: ThreadAction }) {
  const money = (cents: number) => formatMoney(cents, action.currency);
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Stored quote for this refund</caption>
        <thead>
          <tr className="border-b border-slate-300 text-xs uppercase tracking-wide text-slate-600">
            <th scope="col" className="py-1 pr-2 font-semibold">
              Item
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              Qty
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              Fee
            </th>
            <th scope="col" className="py-1 pl-2 text-right font-semibold">
              Refund
            </th>
          </tr>
        </thead>
        <tbody>
          {action.lines.map((line) => (
            <tr key={line.lineId} className="border-b border-slate-100">
              <td className="py-1 pr-2">
                {line.name}
                <span className="block text-xs text-slate-600">
                  {money(line.unitPriceCents)} each
                </span>
              </td>
              <td className="px-2 py-1 text-right tabular-nums">{line.quantity}</td>
              <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">
                {formatLineFee(line, action.currency)}
              </td>
              <td className="whitespace-nowrap py-1 pl-2 text-right tabular-nums">
                {money(line.refundCents)}
              </td>
            </tr>
          ))}
          {action.shippingRefundCents > 0 ? (
            <tr className="border-b border-slate-100">
              <td className="py-1 pr-2" colSpan={3}>
                Shipping
              </td>
              <td className="py-1 pl-2 text-right tabular-nums">
                {money(action.shippingRefundCents)}
              </td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="py-1 pr-2 text-left font-semibold">
              Total refund
            </th>
            <td className="py-1 pl-2 text-right font-semibold tabular-nums">
              {money(action.netRefundCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
