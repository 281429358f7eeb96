"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatAge } from "@/components/ui/relative-time";
import { type ApprovalLimits, checkApprovalLimit } from "@/lib/domain/approval-limit";
import type { Role } from "@/lib/domain/authz";
import { formatMoney } from "@/lib/domain/money";
import type { RiskSignal } from "@/lib/domain/risk-signals";
import type { ApprovalQueueItem } from "@/lib/server/services/approvals/list-approval-queue";
import { DecisionForm } from "./decision-form";

export type DecisionOutcome = { tone: "success" | "warning" | "danger"; message: string };

const riskTone: Record<RiskSignal["severity"], BadgeTone> = {
  info: "info",
  warning: "warning",
  danger: "danger",
};

const outcomeClasses: Record<DecisionOutcome["tone"], string> = {
  success: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  warning: "bg-amber-50 text-amber-900 ring-amber-300",
  danger: "bg-red-50 text-red-900 ring-red-300",
};

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
  const requestedAt = new Date(item.requestedAt);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  // The server enforces the same rule; the card only says so before anyone clicks.
  const needsAdmin = !checkApprovalLimit(["approver"], item.netRefundCents, limits, item.currency)
    .ok;
  const viewerMayApprove = checkApprovalLimit(
    viewerRoles,
    item.netRefundCents,
    limits,
    item.currency,
  ).ok;
  // The buttons that had focus are gone once decided; hand focus to the result instead.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
      data-action-id={item.actionId}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <div className="min-w-0">
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            <Link
              href={`/conversations/${item.conversationId}`}
              className="text-blue-800 underline-offset-2 hover:underline"
            >
              {item.title}
            </Link>
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            <span className="font-medium">{item.customer.name}</span>{" "}
            <span className="break-all text-slate-600">{item.customer.email}</span>
          </p>
        </div>
        <p className="text-right">
          <span className="block text-2xl font-semibold tabular-nums text-slate-900">
            {formatMoney(item.netRefundCents, item.currency)}
          </span>
          <span className="block text-xs text-slate-600">to {item.refundTarget}</span>
        </p>
      </div>

      <div className="space-y-3 px-4 py-4 sm:px-6">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-slate-600">Order</dt>
            <dd className="font-medium">
              {item.orderNumber} · {item.channel === "email" ? "Email" : "Chat"}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Reason</dt>
            <dd className="font-medium">{item.reason}</dd>
            <dd className="text-slate-700">{item.reasonSource}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Items</dt>
            <dd className="font-medium">{item.items.join(", ")}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Waiting</dt>
            <dd className="font-medium">
              <time
                dateTime={item.requestedAt}
                title={requestedAt.toUTCString()}
                suppressHydrationWarning
              >
                {formatAge(requestedAt, new Date())}
              </time>{" "}
              · quote <code className="font-mono">{item.quoteHashShort}</code>
            </dd>
          </div>
        </dl>

        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-inset ring-slate-300">
          {item.gate}
        </p>

        <div>
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">
            Risk signals
          </h4>
          {item.risks.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">None found.</p>
          ) : (
            <ul className="mt-1 flex flex-wrap gap-2">
              {item.risks.map((risk) => (
                <li key={risk.code}>
                  <Badge tone={riskTone[risk.severity]}>{risk.label}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>

        {leftQueue && !outcome ? (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-inset ring-slate-300">
            No longer waiting for a decision. Open the ticket to see what happened to it.
          </p>
        ) : null}
        {needsAdmin ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-300">
            Needs an admin: above the {formatMoney(limits.approverLimitCents, item.currency)}{" "}
            approver limit.
          </p>
        ) : null}

        {outcome ? (
          <p
            ref={outcomeRef}
            tabIndex={-1}
            role="status"
            className={`rounded-md px-3 py-2 text-sm ring-1 ring-inset ${outcomeClasses[outcome.tone]}`}
          >
            {outcome.message}
          </p>
        ) : canDecide ? (
          <DecisionForm
            item={item}
            mayApprove={viewerMayApprove}
            onDecisionSent={() => onDecisionSent?.()}
            onDecided={(result) => onDecided?.(result)}
          />
        ) : null}
      </div>
    </article>
  );
}
