import "server-only";
import { renderingLanguage } from "@/lib/domain/languages";
import { quoteSchema } from "@/lib/domain/quote";
import {
  type RefundNotice,
  refundFailedNotice,
  refundPaidNotice,
} from "@/lib/domain/refund-notices";
import { hasFailed, isPaid, type RefundState, shouldApplyReport } from "@/lib/domain/refund-state";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ProviderRefund } from "@/lib/integrations/payments/payment-provider";
import { reopenOnRefundFailure } from "@/lib/server/services/conversations/set-workflow-status";
import type { ActionChanges } from "./action-transaction";
import { tellCustomerAboutRefund } from "./tell-customer-about-refund";

/*
 * Applies what the payment provider reports about a refund we recorded (a webhook, or the sweep's
 * lookup of a refund that stayed pending): the refund moves only forward (refund-state.ts), the
 * move is audited, and the customer hears it — "refunded" when it paid, an apology with the next
 * step when it failed, also after having paid. A failure reopens the ticket for the Failed
 * refunds queue and releases the refund's lines (order facts count only refunds that did not fail).
 */

export type ReportOutcome =
  /** The refund moved to the reported state. */
  | "applied"
  /** The refund is already at or past the reported state: nothing changed. */
  | "stale"
  /** No refund of ours has this provider id. */
  | "unknown_refund";

export type RefundReport = {
  provider: string;
  refund: ProviderRefund;
  /** When the provider says it happened (the event's time; a lookup's own time). */
  occurredAt: Date;
  /** The webhook event's id, null for a lookup. */
  providerEventId: string | null;
};

export async function applyRefundReport(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  report: RefundReport,
  now: Date,
): Promise<ReportOutcome> {
  const [locked] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM refunds
     WHERE provider = ${report.provider} AND provider_refund_id = ${report.refund.providerRefundId}
     FOR UPDATE`;
  if (!locked) return "unknown_refund";
  const refund = await tx.refund.findUniqueOrThrow({
    where: { id: locked.id },
    include: {
      customer: { select: { name: true, email: true } },
      pendingAction: {
        select: {
          quote: true,
          conversation: { select: { id: true, channel: true, language: true } },
        },
      },
    },
  });
  const to = report.refund.status;
  const current = { state: refund.status, reportedAt: refund.providerUpdatedAt };
  if (!shouldApplyReport(current, { state: to, occurredAt: report.occurredAt })) return "stale";

  const reason = report.refund.statusReason;
  await tx.refund.update({
    where: { id: refund.id },
    data: {
      status: to,
      statusReason: reason,
      providerUpdatedAt: report.occurredAt,
      ...(isPaid(to) && !refund.paidAt ? { paidAt: now } : {}),
      ...(hasFailed(to) ? { failedAt: now } : {}),
    },
  });
  const { conversation } = refund.pendingAction;
  changes.audit.push({
    kind: "refund.provider_state_changed",
    subjectType: "refund",
    subjectId: refund.id,
    actor: { type: "system" },
    occurredAt: now,
    conversationId: conversation.id,
    payload: {
      pendingActionId: refund.pendingActionId,
      provider: report.provider,
      providerRefundId: refund.providerRefundId,
      from: refund.status,
      to,
      reason,
      providerEventId: report.providerEventId,
    },
  });
  changes.realtime.push({
    topic: "refund.state_changed",
    conversationId: conversation.id,
    payload: { refundId: refund.id, actionId: refund.pendingActionId, from: refund.status, to },
  });

  const facts = {
    customerName: refund.customer.name,
    quote: quoteSchema.parse(refund.pendingAction.quote),
    language: renderingLanguage({ code: conversation.language, source: null }),
  };
  const notice = noticeFor(facts, { to, reason, wasPaid: refund.paidAt !== null });
  if (notice) {
    await tellCustomerAboutRefund(
      tx,
      changes,
      {
        pendingActionId: refund.pendingActionId,
        conversationId: conversation.id,
        channel: conversation.channel,
        customerEmail: refund.customer.email,
      },
      notice.text,
      { key: `refund-${notice.kind}:${refund.id}`, now, inThread: true },
    );
  }
  if (hasFailed(to)) {
    await tx.conversation.update({
      where: { id: conversation.id },
      data: { status: "failed", resolvedAt: null },
    });
    await reopenOnRefundFailure(tx, conversation.id, now);
  }
  return "applied";
}

function noticeFor(
  facts: Parameters<typeof refundPaidNotice>[0],
  move: { to: RefundState; reason: string | null; wasPaid: boolean },
): { kind: "paid" | "failed"; text: RefundNotice } | null {
  if (isPaid(move.to)) return { kind: "paid", text: refundPaidNotice(facts) };
  if (move.to === "failed" || move.to === "canceled") {
    return {
      kind: "failed",
      text: refundFailedNotice(facts, {
        state: move.to,
        reason: move.reason,
        wasPaid: move.wasPaid,
      }),
    };
  }
  return null;
}
