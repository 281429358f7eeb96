import "server-only";
import { normalizeMessageText } from "@/lib/domain/normalize-message-text";
import type { Channel } from "@/lib/domain/order-facts";
import type { RefundNotice } from "@/lib/domain/refund-notices";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueEmail } from "@/lib/integrations/email/enqueue-email";
import { createMessage } from "@/lib/server/repositories/message-repository";
import { customerMessageSentEvent } from "@/lib/server/services/conversations/customer-message-audit-events";
import type { ActionChanges } from "./action-transaction";

/*
 * Tells the customer what the payment provider said about their refund, in the caller's
 * transaction: an email always (the receipt of record, whatever the channel), and, for news that
 * comes later than the conversation's own turn (a webhook), on a chat conversation the same news
 * in the thread, written by code like the quote message. At execution the agent's turn after the
 * decision tells the chat itself. Keyed, so telling twice (a webhook delivered again, a retried
 * transaction) sends nothing the second time.
 */
export async function tellCustomerAboutRefund(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  refund: {
    pendingActionId: string;
    conversationId: string;
    channel: Channel;
    customerEmail: string;
  },
  notice: RefundNotice,
  context: { key: string; now: Date; inThread: boolean },
): Promise<void> {
  const { conversationId } = refund;
  const system = { type: "system" } as const;
  const bodyText = normalizeMessageText(notice.body);
  const { email, created } = await enqueueEmail(tx, {
    idempotencyKey: context.key,
    to: refund.customerEmail,
    subject: notice.subject,
    bodyText,
    conversationId,
  });
  if (created) {
    changes.audit.push(
      {
        kind: "email.queued",
        subjectType: "outbox_email",
        subjectId: email.id,
        actor: system,
        occurredAt: context.now,
        conversationId,
        payload: {
          idempotencyKey: email.idempotencyKey,
          to: email.toAddress,
          subject: notice.subject,
          pendingActionId: refund.pendingActionId,
        },
      },
      customerMessageSentEvent({
        actor: system,
        occurredAt: context.now,
        conversationId,
        channel: "email",
        messageId: null,
        outboxEmailId: email.id,
        body: bodyText,
      }),
    );
  }
  if (!context.inThread || refund.channel !== "chat") return;
  const body = normalizeMessageText(notice.chat);
  const message = await createMessage(
    tx,
    { conversationId, authorKind: "agent", visibility: "customer", body, dedupeKey: context.key },
    changes.realtime,
  );
  if (!message) return;
  await tx.conversation.update({
    where: { id: conversationId },
    data: { lastMessageAt: context.now },
  });
  changes.audit.push(
    customerMessageSentEvent({
      actor: system,
      occurredAt: context.now,
      conversationId,
      channel: "chat",
      messageId: message.id,
      outboxEmailId: null,
      body,
    }),
  );
}
