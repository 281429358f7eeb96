import Link from "next/link";
import { RefundProviderLine } from "@/components/conversations/refund-provider-line";
import type { ApprovedRefund } from "@/lib/server/services/approvals/list-approved-refunds";

/** The refunds approved this week and where their money is now, as the provider says. */
export function ApprovedRefunds({ refunds }: { refunds: ApprovedRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby="approved-refunds-title" className="space-y-2">
      <h2 id="approved-refunds-title" className="text-lg font-semibold">
        Approved this week: where the money is
      </h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
        {refunds.map((refund) => (
          <li
            key={refund.actionId}
            data-testid="approved-refund"
            data-action-id={refund.actionId}
            className="space-y-1 px-4 py-3"
          >
            <Link
              href={`/conversations/${refund.conversationId}`}
              className="font-medium text-blue-800 underline"
            >
              {refund.title}
            </Link>
            <p className="text-slate-700">
              Approved by {refund.approvedBy} · <RefundProviderLine refund={refund.refund} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
