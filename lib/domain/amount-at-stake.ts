import type { Cents } from "./money";
import type { PendingActionStatus } from "./pending-action-status";

export type StakeAction = { status: PendingActionStatus; netRefundCents: Cents; createdAt: Date };

/** A person has to act before anything more happens to these. */
const WAITING_FOR_A_PERSON: readonly PendingActionStatus[] = [
  "awaiting_approval",
  "needs_reconciliation",
];
/** Still on its way to being paid or dropped, without a person's decision pending. */
const IN_FLIGHT: readonly PendingActionStatus[] = [
  "proposed",
  "awaiting_confirmation",
  "suspended",
  "approved",
  "executing",
];

/*
 * What a conversation has at stake, as the inbox shows it: the refund waiting for a person (the
 * one that has waited longest), else the newest refund still in flight, else nothing. A newer
 * quote the customer is looking at does not hide the refund an approver must decide.
 */
export function amountAtStake(actions: readonly StakeAction[]): Cents | null {
  const oldestFirst = [...actions].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const waiting = oldestFirst.find((action) => WAITING_FOR_A_PERSON.includes(action.status));
  if (waiting) return waiting.netRefundCents;
  const inFlight = oldestFirst.findLast((action) => IN_FLIGHT.includes(action.status));
  return inFlight ? inFlight.netRefundCents : null;
}
