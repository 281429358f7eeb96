import type { ProblemBody } from "@/lib/client/send-json";
import { alreadyDecidedSchema } from "@/lib/domain/already-decided";
import { formatMoney } from "@/lib/domain/money";
import { REFUND_STATE_LABELS } from "@/lib/domain/refund-provider-words";
import { isPaid } from "@/lib/domain/refund-state";
import type { DecisionResult } from "@/lib/server/services/approvals/decide-approval";
import type { ApprovalQueueItem } from "@/lib/server/services/approvals/list-approval-queue";
import type { DecisionOutcome } from "./approval-card";

/** Another approver decided first: say who and when, from the problem's extensions. */
export function alreadyDecided(problem: ProblemBody): DecisionOutcome {
  const first = alreadyDecidedSchema.partial().safeParse(problem);
  const known = first.success ? first.data : {};
  const who = known.decidedBy?.name ?? "another approver";
  const when = known.decidedAt ? ` at ${new Date(known.decidedAt).toLocaleTimeString()}` : "";
  return {
    tone: "warning",
    message: `Already ${known.decision ?? "decided"} by ${who}${when}. Your decision was not applied; the attempt is in the audit log.`,
  };
}

export function decidedOutcome(result: DecisionResult, item: ApprovalQueueItem): DecisionOutcome {
  if (result.decision === "rejected") {
    return {
      tone: "success",
      message: "Rejected. The agent will explain the decision to the customer using your note.",
    };
  }
  if (result.refund) {
    const { id, amountCents, currency, target, state } = result.refund;
    const amount = formatMoney(amountCents, currency);
    return {
      tone: "success",
      message: isPaid(state)
        ? `Approved. Refund ${id} of ${amount} issued to ${target}.`
        : `Approved. Refund ${id} of ${amount} to ${target} is with the payment provider (${REFUND_STATE_LABELS[state].toLowerCase()}); the ticket shows when it is paid.`,
    };
  }
  return {
    tone: result.status === "failed" ? "danger" : "warning",
    message: `Approved the ${formatMoney(item.netRefundCents, item.currency)} refund; it is now ${result.status.replaceAll("_", " ")}. Open the ticket for details.`,
  };
}
