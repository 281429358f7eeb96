"use client";

import { type ApprovalLimits, checkApprovalLimit } from "@/lib/domain/approval-limit";
import type { Role } from "@/lib/domain/authz";
import { formatMoney } from "@/lib/domain/money";
import type { ApprovalQueueItem } from "@/lib/server/services/approvals/list-approval-queue";
import { ApprovalCardHeader } from "./approval-card-header";
import { ApprovalFacts } from "./approval-facts";
import { ApprovalPhotos } from "./approval-photos";
import { DecisionForm } from "./decision-form";
import { DecisionOutcomeNote } from "./decision-outcome-note";
import { RiskSignalList } from "./risk-signal-list";

export type DecisionOutcome = { tone: "success" | "warning" | "danger"; message: string };

const notice = "rounded-md px-3 py-2 text-sm ring-1 ring-inset";

export function ApprovalCard({
  item,
  canDecide,
  viewerRoles,
  limits,
  outcome,
  leftQueue = false,
  onDecisionSent,
  onDecided,
}: {
  item: ApprovalQueueItem;
  canDecide: boolean;
  viewerRoles: Role[];
  limits: ApprovalLimits;
  outcome: DecisionOutcome | null;
  /** The server no longer lists it: someone decided it, or it expired, while this card was open. */
  leftQueue?: boolean;
  onDecisionSent?: () => void;
  onDecided?: (outcome: DecisionOutcome) => void;
}) {
  const titleId = `approval-${item.actionId}-title`;
  // The server enforces the same rule; the card only says so before anyone clicks.
  const mayApprove = (roles: Role[]) =>
    checkApprovalLimit(roles, item.netRefundCents, limits, item.currency).ok;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
      data-action-id={item.actionId}
    >
      <ApprovalCardHeader item={item} titleId={titleId} />
      <div className="space-y-3 px-4 py-4 sm:px-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <ApprovalFacts item={item} />
          <ApprovalPhotos item={item} />
        </div>
        <p className={`${notice} bg-slate-50 text-slate-800 ring-slate-300`}>{item.gate}</p>
        <RiskSignalList risks={item.risks} />
        {leftQueue && !outcome ? (
          <p className={`${notice} bg-slate-50 text-slate-800 ring-slate-300`}>
            No longer waiting for a decision. Open the ticket to see what happened to it.
          </p>
        ) : null}
        {mayApprove(["approver"]) ? null : (
          <p className={`${notice} bg-amber-50 text-amber-900 ring-amber-300`}>
            Needs an admin: above the {formatMoney(limits.approverLimitCents, item.currency)}{" "}
            approver limit.
          </p>
        )}
        {outcome ? (
          <DecisionOutcomeNote outcome={outcome} />
        ) : canDecide ? (
          <DecisionForm
            item={item}
            mayApprove={mayApprove(viewerRoles)}
            onDecisionSent={() => onDecisionSent?.()}
            onDecided={(result) => onDecided?.(result)}
          />
        ) : null}
      </div>
    </article>
  );
}
