import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatBasisPoints, formatMoney } from "@/lib/domain/money";
import type { GateState } from "@/lib/domain/pending-action";
import type { ThreadAction } from "@/lib/server/services/conversations/get-conversation-thread";
import { ExpiryCountdown } from "./expiry-countdown";
import { clockTime } from "./format-run";

const statusTone: Record<ThreadAction["status"], BadgeTone> = {
  proposed: "info",
  awaiting_confirmation: "info",
  suspended: "warning",
  awaiting_approval: "warning",
  approved: "info",
  executing: "info",
  executed: "success",
  declined: "neutral",
  rejected: "danger",
  expired: "neutral",
  superseded: "neutral",
  failed: "danger",
  needs_reconciliation: "danger",
};

const gateDisplay: Record<GateState | "not_reached", { label: string; tone: BadgeTone }> = {
  not_required: { label: "not required", tone: "neutral" },
  not_reached: { label: "not reached", tone: "neutral" },
  pending: { label: "waiting", tone: "warning" },
  met: { label: "done", tone: "success" },
};

/** The refund exactly as stored: the customer and the approver sign this snapshot and its hash. */
export function ActionCard({ action }: { action: ThreadAction }) {
  const money = (cents: number) => formatMoney(cents, action.currency);
  const titleId = `action-${action.id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
      data-action-id={action.id}
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h3 id={titleId} className="text-sm font-semibold text-slate-900">
          Refund {money(action.netRefundCents)} · order {action.orderNumber}
        </h3>
        <Badge tone={statusTone[action.status]}>{action.status.replaceAll("_", " ")}</Badge>
      </header>
      <div className="space-y-3 px-4 py-3 text-sm">
        <p className="text-slate-700">
          {action.reason} · to {action.refundTarget} · quote{" "}
          <code className="font-mono text-slate-900" title={action.quoteHash}>
            {action.quoteHashShort}
          </code>{" "}
          · {action.policyVersion}
        </p>

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
                    {line.feeCents === 0
                      ? "none"
                      : `−${money(line.feeCents)} (${formatBasisPoints(line.feeRateBasisPoints)})`}
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

        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1">
          <dt className="text-slate-600">Customer confirmation</dt>
          <dd>
            <Badge tone={gateDisplay[action.gates.customerConfirmation].tone}>
              {gateDisplay[action.gates.customerConfirmation].label}
            </Badge>
          </dd>
          <dt className="text-slate-600">Staff approval</dt>
          <dd>
            <Badge tone={gateDisplay[action.gates.staffApproval].tone}>
              {gateDisplay[action.gates.staffApproval].label}
            </Badge>
          </dd>
          <dt className="text-slate-600">Hold</dt>
          <dd>
            {action.holdRunning ? (
              <ExpiryCountdown expiresAt={action.expiresAt} />
            ) : (
              <span className="text-slate-700">
                not running (only an unconfirmed quote expires)
              </span>
            )}
          </dd>
        </dl>

        {action.decision ? (
          <p
            className={`rounded-md px-3 py-2 ring-1 ring-inset ${action.decision.decision === "approved" ? "bg-emerald-50 text-emerald-900 ring-emerald-300" : "bg-red-50 text-red-900 ring-red-300"}`}
          >
            <span className="font-medium">
              {action.decision.decision === "approved" ? "Approved" : "Rejected"} by{" "}
              {action.decision.deciderName}
            </span>{" "}
            at {clockTime(action.decision.at)}
            {action.decision.note ? (
              <span className="mt-1 block whitespace-pre-wrap break-words">
                Note: {action.decision.note}
              </span>
            ) : null}
          </p>
        ) : null}
        {action.refund ? (
          <p className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900 ring-1 ring-inset ring-emerald-300">
            Refund <code className="font-mono">{action.refund.id}</code>:{" "}
            {formatMoney(action.refund.amountCents, action.refund.currency)} to{" "}
            {action.refund.target} at {clockTime(action.refund.at)}
          </p>
        ) : null}
        {action.failureReason ? (
          <p className="text-red-800">Failure: {action.failureReason}</p>
        ) : null}
      </div>
    </section>
  );
}
