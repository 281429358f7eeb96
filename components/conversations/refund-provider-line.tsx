import { describeRefundReason, paymentProviderName } from "@/lib/domain/refund-provider-words";
import type { RefundState } from "@/lib/domain/refund-state";
import { RefundStateBadge } from "./refund-state-badge";

export type RefundProviderFacts = {
  state: RefundState;
  reason: string | null;
  provider: string;
  paidAt: string | null;
};

/*
 * Where the money is, as the provider says: its state, its reason in words and who said it.
 * A refund that failed after it was paid says so, since the customer was told it was paid.
 */
export function RefundProviderLine({ refund }: { refund: RefundProviderFacts }) {
  const reason = describeRefundReason(refund.reason);
  const afterPaid =
    refund.paidAt !== null && (refund.state === "failed" || refund.state === "canceled");
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <RefundStateBadge state={refund.state} />
      <span>
        {paymentProviderName(refund.provider)}
        {afterPaid ? " · failed after being paid" : ""}
        {reason ? ` · ${reason}` : ""}
      </span>
    </span>
  );
}
