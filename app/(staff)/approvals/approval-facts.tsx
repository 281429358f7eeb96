import { formatAge } from "@/components/ui/relative-time";
import type { ApprovalQueueItem } from "@/lib/server/services/approvals/list-approval-queue";

/** Order, reason, items and how long the refund has waited. */
export function ApprovalFacts({ item }: { item: ApprovalQueueItem }) {
  const requestedAt = new Date(item.requestedAt);
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <dt className="text-slate-600">Order</dt>
        <dd className="font-medium">
          {item.orderNumber} · {item.channel === "email" ? "Email" : "Chat"}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Reason</dt>
        <dd className="font-medium">{item.reason}</dd>
        <dd className="text-slate-700">{item.reasonSource}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Items</dt>
        <dd className="font-medium">{item.items.join(", ")}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Waiting</dt>
        <dd className="font-medium">
          <time
            dateTime={item.requestedAt}
            title={requestedAt.toUTCString()}
            suppressHydrationWarning
          >
            {formatAge(requestedAt, new Date())}
          </time>{" "}
          · quote <code className="font-mono">{item.quoteHashShort}</code> · {item.policyVersion}
        </dd>
      </div>
    </dl>
  );
}
