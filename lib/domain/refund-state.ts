/*
 * A refund's state as its payment provider reports it (Stripe's names), and the one rule for
 * applying reports that arrive late, twice or out of order: a report moves a refund forward or
 * changes nothing. `pending` and `requires_action` have not reached the customer; `succeeded`
 * has; `failed` may follow `succeeded` days later (a lost or expired card); `failed` and
 * `canceled` are final.
 */

export const REFUND_STATES = [
  "pending",
  "requires_action",
  "succeeded",
  "failed",
  "canceled",
] as const;
export type RefundState = (typeof REFUND_STATES)[number];

const STAGE: Record<RefundState, number> = {
  pending: 0,
  requires_action: 0,
  succeeded: 1,
  failed: 2,
  canceled: 2,
};

/** The money has reached the customer's account (as far as the provider says). */
export function isPaid(state: RefundState): boolean {
  return state === "succeeded";
}

/** The provider accepted the refund but has not paid it yet. */
export function isInFlight(state: RefundState): boolean {
  return STAGE[state] === 0;
}

/** The refund will not pay (or took its money back): its lines may be refunded again. */
export function hasFailed(state: RefundState): boolean {
  return STAGE[state] === 2;
}

export type RefundReport = { state: RefundState; reason: string | null };

/**
 * Whether a provider's report changes a refund now in `current`. Two reports in the same stage
 * (pending ↔ requires_action) apply when the newer one is newer than the last applied; a report
 * from an earlier stage never applies, whatever its time, because a provider never moves a refund
 * back (Stripe: pending → succeeded → failed; a failed or canceled refund stays so).
 */
export function shouldApplyReport(
  current: { state: RefundState; reportedAt: Date | null },
  report: { state: RefundState; occurredAt: Date },
): boolean {
  if (STAGE[current.state] === 2) return false;
  const stageOf = STAGE[report.state];
  if (stageOf > STAGE[current.state]) return true;
  if (stageOf < STAGE[current.state] || report.state === current.state) return false;
  return current.reportedAt === null || report.occurredAt > current.reportedAt;
}
