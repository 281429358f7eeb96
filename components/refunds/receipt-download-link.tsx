import { buttonClassName } from "@/components/ui/button";

/**
 * A link that downloads an executed refund's receipt (docs/receipts.md). Its accessible name
 * carries the refund id, so several on one page stay distinguishable to a screen reader; the
 * server refuses roles without the billing team's permission.
 */
export function ReceiptDownloadLink({ refundId }: { refundId: string }) {
  return (
    <a
      href={`/api/refunds/${encodeURIComponent(refundId)}/receipt`}
      download={`receipt-${refundId}.json`}
      className={buttonClassName("secondary")}
    >
      Download receipt<span className="sr-only"> for refund {refundId}</span>
    </a>
  );
}
