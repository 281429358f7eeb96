import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { GateState } from "@/lib/domain/pending-action";
import type { ThreadAction } from "@/lib/server/services/conversations/get-conversation-thread";
import { ExpiryCountdown } from "./expiry-countdown";

const gateDisplay: Record<GateState | "not_reached", { label: string; tone: BadgeTone }> = {
  not_required: { label: "not required", tone: "neutral" },
  not_reached: { label: "not reached", tone: "neutral" },
  pending: { label: "waiting", tone: "warning" },
  met: { label: "done", tone: "success" },
};

function GateBadge({ state }: { state: GateState | "not_reached" }) {
  return <Badge tone={gateDisplay[state].tone}>{gateDisplay[state].label}</Badge>;
}

/** Where the refund stands on the customer's confirmation, the staff approval and the quote's hold. */
export function RefundGates({ action }: { action: ThreadAction }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1">
      <dt className="text-slate-600">Customer confirmation</dt>
      <dd>
        <GateBadge state={action.gates.customerConfirmation} />
      </dd>
      <dt className="text-slate-600">Staff approval</dt>
      <dd>
        <GateBadge state={action.gates.staffApproval} />
      </dd>
      <dt className="text-slate-600">Hold</dt>
      <dd>
        {action.holdRunning ? (
          <ExpiryCountdown expiresAt={action.expiresAt} />
        ) : (
          <span className="text-slate-700">not running (only an unconfirmed quote expires)</span>
        )}
      </dd>
    </dl>
  );
}
