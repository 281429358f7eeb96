import { formatMoney } from "@/lib/domain/money";
import type { ThreadAction } from "@/lib/server/services/conversations/get-conversation-thread";
import { clockTime } from "./format-run";

/** What happened to the refund: the approver's decision, the money sent, or why it failed. */
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
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900 ring-1 ring-inset ring-emerald-300">
          Refund <code className="font-mono">{refund.id}</code>:{" "}
          {formatMoney(refund.amountCents, refund.currency)} to {refund.target} at{" "}
          {clockTime(refund.at)}
        </p>
      ) : null}
      {failureReason ? <p className="text-red-800">Failure: {failureReason}</p> : null}
    </>
  );
}
