import { Badge, type BadgeTone } from "@/components/ui/badge";
import { REFUND_STATE_LABELS } from "@/lib/domain/refund-provider-words";
import type { RefundState } from "@/lib/domain/refund-state";

const stateTone: Record<RefundState, BadgeTone> = {
  pending: "warning",
  requires_action: "warning",
  succeeded: "success",
  failed: "danger",
  canceled: "danger",
};

/** The payment provider's own word on a refund: Processing, Paid, Failed, Canceled, Needs action. */
export function RefundStateBadge({ state }: { state: RefundState }) {
  return (
    <span data-refund-state={state}>
      <Badge tone={stateTone[state]}>{REFUND_STATE_LABELS[state]}</Badge>
    </span>
  );
}
