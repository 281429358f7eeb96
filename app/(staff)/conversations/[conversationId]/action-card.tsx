import { RefundStateBadge } from "@/components/conversations/refund-state-badge";
import { ReceiptDownloadLink } from "@/components/refunds/receipt-download-link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatMoney } from "@/lib/domain/money";
import type { ThreadAction } from "@/lib/server/services/conversations/get-conversation-thread";
import { RefundGates } from "./refund-gates";
import { RefundQuoteTable } from "./refund-quote-table";
import { RefundRecord } from "./refund-record";

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

/** The refund exactly as stored: the customer and the approver sign this snapshot and its hash. */
export function ActionCard({
  action,
  canDownloadReceipt,
}: {
  action: ThreadAction;
  canDownloadReceipt: boolean;
}) {
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
        <span className="flex items-center gap-1">
          <Badge tone={statusTone[action.status]}>{action.status.replaceAll("_", " ")}</Badge>
          {action.refund ? <RefundStateBadge state={action.refund.state} /> : null}
        </span>
      </header>
      <div className="space-y-3 px-4 py-3 text-sm">
        <p className="text-slate-700">
          {action.reason} · to {action.refundTarget} · quote{" "}
          <code className="font-mono text-slate-900" title={action.quoteHash}>
            {action.quoteHashShort}
          </code>{" "}
          · {action.policyVersion}
        </p>

        <RefundQuoteTable action={action} />
        <RefundGates action={action} />
        <RefundRecord action={action} />
        {canDownloadReceipt && action.refund ? (
          <ReceiptDownloadLink refundId={action.refund.id} />
        ) : null}
      </div>
    </section>
  );
}
