import type { Role } from "./authz";
import { can } from "./authz";
import { type Cents, formatMoney } from "./money";

/*
 * Per-role approval limits. An approver countersigns refunds up to `approverLimitCents`; a larger
 * one needs an admin, who has no limit. Deciding at all needs `approvals.decide` (authz.ts); this
 * rule only says how much a decider may approve. Rejecting is never limited: saying no moves no
 * money.
 */

export type ApprovalLimits = { approverLimitCents: Cents };

/** The most these roles may approve, or null for no limit; 0 for roles that cannot decide. */
export function approvalLimitFor(roles: readonly Role[], limits: ApprovalLimits): Cents | null {
  if (roles.includes("admin")) return null;
  if (!can(roles, "approvals.decide")) return 0;
  return limits.approverLimitCents;
}

export type ApprovalLimitVerdict =
  | { ok: true }
  | { ok: false; code: "OVER_APPROVAL_LIMIT"; limitCents: Cents; message: string };

export function checkApprovalLimit(
  roles: readonly Role[],
  netRefundCents: Cents,
  limits: ApprovalLimits,
  currency = "USD",
): ApprovalLimitVerdict {
  const limitCents = approvalLimitFor(roles, limits);
  if (limitCents === null || netRefundCents <= limitCents) return { ok: true };
  return {
    ok: false,
    code: "OVER_APPROVAL_LIMIT",
    limitCents,
    message: `${formatMoney(netRefundCents, currency)} is above the ${formatMoney(limitCents, currency)} approver limit; an admin must approve it`,
  };
}
