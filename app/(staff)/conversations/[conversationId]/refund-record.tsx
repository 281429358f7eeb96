import { RefundProviderLine } from "@/components/conversations/refund-provider-line";
import { formatMoney } from "@/lib/domain/money";
import { hasFailed, isPaid, type RefundState } from "@/lib/domain/refund-state";
import type { ThreadAction } from "@/lib/server/services/conversations/get-conversation-thread";
import { clockTime } from "./format-run";

/** What happened to the refund: the approver's decision, where the money is, or why it failed. */
export function RefundRecord({ action }: { action: ThreadAction }) {
  const { decision, refund, failureReason } = action;
  return (
    <>
      {decision ? (
        <p
          className={`rounded-md px-3 py-2 ring-1 ring-inset ${decision.decision === "approved" ? "bg-emerald-50 text-emerald-900 ring-emerald-300" : "bg-red-50 text-red-900 ring-red-300"}`}
        >
          <span className="font-medium">
            {decision.decision === "approved" ? "Approved" : "Rejected"} by {decision.deciderName}
          </span>{" "}
          at {clockTime(decision.at)}
          {decision.note ? (
            <span className="mt-1 block whitespace-pre-wrap break-words">
              Note: {decision.note}
            </span>
          ) : null}
        </p>
      ) : null}
      {refund ? (
        <div
          className={`space-y-1 rounded-md px-3 py-2 ring-1 ring-inset ${moneyClasses(refund.state)}`}
          data-testid="refund-record"
        >
          <p>
            Refund <code className="font-mono">{refund.id}</code>:{" "}
            {formatMoney(refund.amountCents, refund.currency)} to {refund.target} at{" "}
            {clockTime(refund.at)}
          </p>
          <RefundProviderLine refund={refund} />
        </div>
      ) : null}
      {failureReason ? <p className="text-red-800">Failure: {failureReason}</p> : null}
    </>
  );
}

function moneyClasses(state: RefundState): string {
  if (isPaid(state)) return "bg-emerald-50 text-emerald-900 ring-emerald-300";
  if (hasFailed(state)) return "bg-red-50 text-red-900 ring-red-300";
  return "bg-amber-50 text-amber-900 ring-amber-300";
}
