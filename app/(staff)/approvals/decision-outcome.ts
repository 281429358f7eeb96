import type { ProblemBody } from "@/lib/client/send-json";
import { alreadyDecidedSchema } from "@/lib/domain/already-decided";
import { formatMoney } from "@/lib/domain/money";
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
    return {
      tone: "success",
      message: `Approved. Refund ${result.refund.id} of ${formatMoney(result.refund.amountCents, result.refund.currency)} issued to ${result.refund.target}.`,
    };
  }
  return {
    tone: result.status === "failed" ? "danger" : "warning",
    message: `Approved the ${formatMoney(item.netRefundCents, item.currency)} refund; it is now ${result.status.replaceAll("_", " ")}. Open the ticket for details.`,
  };
}
