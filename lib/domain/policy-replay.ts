import { evaluateRefund, type RefundDecision } from "./evaluate-refund";
import type { Channel, OrderFacts } from "./order-facts";
import type { RefundPolicy } from "./policy-document";
import type { DryRunChange, DryRunOutcome, DryRunSummary } from "./policy-dry-run";
import { REFUND_REASON_LABELS, type RefundReason } from "./policy-reasons";

/*
 * A dry run's replay: every request evaluated under the live policy and under the draft, at the
 * moment it was made and against its order as it was then. Only the outcomes are compared (the
 * decision, the net amount, whether a person must approve); wording changes of a denial do not
 * count as a change.
 */

/** One request to replay: a stored refund request, or a scenario story's request. */
export type ReplayableRequest = {
  source: DryRunChange["source"];
  /** A stored request's pending action id, or a story's key. */
  ref: string;
  conversationId: string | null;
  label: string;
  /** The order as it was when the request was made. */
  order: OrderFacts;
  selectedLineIds: readonly string[];
  reason: RefundReason;
  channel: Channel;
  /** When the request was made: windows are counted to this moment. */
  at: Date;
};

export type PolicyReplay = { changes: DryRunChange[]; summary: DryRunSummary };

function outcomeOf(decision: RefundDecision): DryRunOutcome {
  if (decision.kind === "deny") {
    return { decision: "deny", reasons: decision.reasons.map((reason) => reason.message) };
  }
  return {
    decision: "quote",
    netRefundCents: decision.quote.netRefundCents,
    needsApprover: decision.gates.staffApproval,
  };
}

function outcomeUnder(request: ReplayableRequest, policy: RefundPolicy): DryRunOutcome {
  return outcomeOf(
    evaluateRefund({
      order: request.order,
      selectedLineIds: request.selectedLineIds,
      reason: request.reason,
      channel: request.channel,
      now: request.at,
      policy,
    }),
  );
}

function needsApprover(outcome: DryRunOutcome): boolean {
  return outcome.decision === "quote" && outcome.needsApprover;
}

function refundCents(outcome: DryRunOutcome): number {
  return outcome.decision === "quote" ? outcome.netRefundCents : 0;
}

/** Whether the draft changes what the customer would be told or what a person must do. */
export function outcomeChanged(before: DryRunOutcome, after: DryRunOutcome): boolean {
  if (before.decision !== after.decision) return true;
  if (before.decision === "deny" || after.decision === "deny") return false;
  return (
    before.netRefundCents !== after.netRefundCents || before.needsApprover !== after.needsApprover
  );
}

/**
 * The changes and their summary. Counts cover stored requests and stories alike; the money
 * difference covers stored requests only (a story is not a refund anyone asked for), over every
 * request quoted on either side, a denial counting as nothing paid.
 */
export function replayPolicies(
  requests: readonly ReplayableRequest[],
  live: RefundPolicy,
  draft: RefundPolicy,
): PolicyReplay {
  const changes: DryRunChange[] = [];
  const money = new Map<string, number>();
  for (const request of requests) {
    const before = outcomeUnder(request, live);
    const after = outcomeUnder(request, draft);
    const quotedEitherSide = before.decision === "quote" || after.decision === "quote";
    if (request.source === "request" && quotedEitherSide) {
      const currency = request.order.currency;
      money.set(currency, (money.get(currency) ?? 0) + refundCents(after) - refundCents(before));
    }
    if (outcomeChanged(before, after)) {
      changes.push({
        source: request.source,
        ref: request.ref,
        conversationId: request.conversationId,
        label: request.label,
        currency: request.order.currency,
        before,
        after,
      });
    }
  }
  return { changes, summary: summarize(requests, changes, money) };
}

function summarize(
  requests: readonly ReplayableRequest[],
  changes: readonly DryRunChange[],
  money: ReadonlyMap<string, number>,
): DryRunSummary {
  return {
    requests: requests.filter((request) => request.source === "request").length,
    stories: requests.filter((request) => request.source === "story").length,
    decisionsFlipped: changes.filter((change) => change.before.decision !== change.after.decision)
      .length,
    amountsMoved: changes.filter(
      (change) =>
        change.before.decision === "quote" &&
        change.after.decision === "quote" &&
        change.before.netRefundCents !== change.after.netRefundCents,
    ).length,
    moreNeedingApprover: changes.reduce(
      (total, change) =>
        total + Number(needsApprover(change.after)) - Number(needsApprover(change.before)),
      0,
    ),
    moneyDifference: [...money]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, cents]) => ({ currency, cents })),
  };
}

/** "Order A1043 · Glass pour-over coffee maker · arrived damaged": what a change row names. */
export function replayLabel(
  order: Pick<OrderFacts, "orderNumber" | "lines">,
  selectedLineIds: readonly string[],
  reason: RefundReason,
): string {
  const names = selectedLineIds.map(
    (lineId) => order.lines.find((line) => line.lineId === lineId)?.name ?? lineId,
  );
  return [`Order ${order.orderNumber}`, names.join(", "), REFUND_REASON_LABELS[reason]]
    .filter((part) => part !== "")
    .join(" · ");
}
