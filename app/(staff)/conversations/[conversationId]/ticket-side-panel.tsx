import type { ConversationThreadSnapshot } from "@/lib/server/services/conversations/get-conversation-thread";
import { ActionCard } from "./action-card";
import { DisputeCard } from "./dispute-card";

/** The conversation's refunds and disputes, beside the thread on wide screens, above it on phones. */
export function TicketSidePanel({
  actions,
  disputes,
  canResolveDisputes,
  canDownloadReceipts,
  onChanged,
}: Pick<ConversationThreadSnapshot, "actions" | "disputes"> & {
  canResolveDisputes: boolean;
  canDownloadReceipts: boolean;
  onChanged: () => void;
}) {
  return (
    <aside
      aria-labelledby="actions-heading"
      className="min-w-0 space-y-4 lg:col-start-2 lg:row-start-1"
    >
      <h2 id="actions-heading" className="text-lg font-semibold">
        Refunds and disputes
      </h2>
      {actions.length === 0 && disputes.length === 0 ? (
        <p className="text-sm text-slate-700">No refund or dispute in this conversation.</p>
      ) : null}
      {disputes.map((dispute) => (
        <DisputeCard
          key={dispute.id}
          dispute={dispute}
          canResolve={canResolveDisputes}
          onChanged={onChanged}
        />
      ))}
      {actions.map((action) => (
        <ActionCard key={action.id} action={action} canDownloadReceipt={canDownloadReceipts} />
      ))}
    </aside>
  );
}
