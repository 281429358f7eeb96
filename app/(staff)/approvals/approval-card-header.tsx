import Link from "next/link";
import { formatMoney } from "@/lib/domain/money";
import type { ApprovalQueueItem } from "@/lib/server/services/approvals/list-approval-queue";

/** The refund's ticket, its customer, and the amount at the size a decision deserves. */
export function ApprovalCardHeader({
  item,
  titleId,
}: {
  item: ApprovalQueueItem;
  titleId: string;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
      <div className="min-w-0">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          <Link
            href={`/conversations/${item.conversationId}`}
            className="text-blue-800 underline-offset-2 hover:underline"
          >
            {item.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          <span className="font-medium">{item.customer.name}</span>{" "}
          <span className="break-all text-slate-600">{item.customer.email}</span>
        </p>
      </div>
      <p className="text-right">
        <span className="block text-2xl font-semibold tabular-nums text-slate-900">
          {formatMoney(item.netRefundCents, item.currency)}
        </span>
        <span className="block text-xs text-slate-600">to {item.refundTarget}</span>
      </p>
    </div>
  );
}
