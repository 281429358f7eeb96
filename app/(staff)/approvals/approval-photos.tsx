import { AttachmentList } from "@/components/attachments/attachment-list";
import type { ApprovalQueueItem } from "@/lib/server/services/approvals/list-approval-queue";

/** The photos the customer sent, beside the quote: the approver's evidence, or "No photo". */
export function ApprovalPhotos({ item }: { item: ApprovalQueueItem }) {
  return (
    <div className="text-sm">
      <h4 className="text-slate-600">Customer's photos</h4>
      {item.photos.length === 0 ? (
        <p className="font-medium text-slate-800">No photo</p>
      ) : (
        <AttachmentList
          attachments={item.photos}
          label="Photos the customer sent"
          photoAlt={(name) => `Photo from ${item.customer.name}: ${name}`}
          pdfText={(name) => name}
        />
      )}
    </div>
  );
}
