import { z } from "zod";

export const PENDING_ACTION_STATUSES = [
  "proposed",
  "awaiting_confirmation",
  "suspended",
  "awaiting_approval",
  "approved",
  "executing",
  "executed",
  "declined",
  "rejected",
  "expired",
  "superseded",
  "failed",
  "needs_reconciliation",
] as const;
export const pendingActionStatusSchema = z.enum(PENDING_ACTION_STATUSES);
export type PendingActionStatus = z.infer<typeof pendingActionStatusSchema>;

/** Nothing moves an action out of these. `needs_reconciliation` is not one: money may have moved. */
export const TERMINAL_STATUSES = [
  "executed",
  "declined",
  "rejected",
  "expired",
  "superseded",
  "failed",
] as const satisfies readonly PendingActionStatus[];

/** Before the customer has bound themselves to the quote; the quote's hold timer runs here. */
export const HOLD_STATUSES = [
  "proposed",
  "awaiting_confirmation",
  "suspended",
] as const satisfies readonly PendingActionStatus[];

export function isTerminalStatus(status: PendingActionStatus): boolean {
  return (TERMINAL_STATUSES as readonly PendingActionStatus[]).includes(status);
}

export function isHoldStatus(status: PendingActionStatus): boolean {
  return (HOLD_STATUSES as readonly PendingActionStatus[]).includes(status);
}
