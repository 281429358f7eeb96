import "server-only";
import type { AuditEvent, PrismaClient } from "@/lib/generated/prisma/client";

/*
 * What a refund receipt is read from: the refund with the pending action it paid, the audit
 * events about the two, the newest change of the approver limit before the approval, and the
 * customer's message that said yes.
 */

export function findRefundForReceipt(db: PrismaClient, params: { refundId: string }) {
  return db.refund.findUnique({
    where: { id: params.refundId },
    include: {
      pendingAction: {
        select: {
          id: true,
          conversationId: true,
          customerId: true,
          quote: true,
          quoteHash: true,
          confirmedMessageId: true,
        },
      },
    },
  });
}

export type RefundForReceipt = NonNullable<Awaited<ReturnType<typeof findRefundForReceipt>>>;

/** Every audit event about the action and about its refund, oldest first. */
export function findRefundAuditEvents(
  db: PrismaClient,
  params: { pendingActionId: string; refundId: string },
): Promise<AuditEvent[]> {
  return db.auditEvent.findMany({
    where: {
      OR: [
        { subjectType: "pending_action", subjectId: params.pendingActionId },
        { subjectType: "refund", subjectId: params.refundId },
      ],
    },
    orderBy: { id: "asc" },
  });
}

/** The newest sealed change of the approver limit before `beforePosition`, if any. */
export function findApproverLimitChange(
  db: PrismaClient,
  params: { settingKey: string; beforePosition: bigint },
): Promise<AuditEvent | null> {
  return db.auditEvent.findFirst({
    where: {
      kind: "setting.changed",
      subjectType: "setting",
      subjectId: params.settingKey,
      position: { lt: params.beforePosition },
    },
    orderBy: { position: "desc" },
  });
}

export function findConsentMessage(
  db: PrismaClient,
  params: { messageId: string; conversationId: string },
) {
  return db.message.findFirst({
    where: { id: params.messageId, conversationId: params.conversationId },
    select: { id: true, authorKind: true, createdAt: true, body: true },
  });
}
