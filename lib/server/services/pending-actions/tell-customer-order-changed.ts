import "server-only";
import { normalizeMessageText } from "@/lib/domain/normalize-message-text";
import type { PendingActionState } from "@/lib/domain/pending-action";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueEmail } from "@/lib/integrations/email/enqueue-email";
import { createMessage } from "@/lib/server/repositories/message-repository";
import { customerMessageSentEvent } from "@/lib/server/services/conversations/customer-message-audit-events";
import type { ActionChanges } from "./action-transaction";

/*
 * Tells the customer, in the caller's transaction, that the quote they agreed to was not paid
 * because its order changed (lib/domain/revalidate-notices.ts): in the chat thread on a chat
 * conversation, where the new quote follows it, or by email on an email conversation. Written by
 * code like the quote message and keyed by the action, so it is said once.
 */
export async function tellCustomerOrderChanged(
  tx: Prisma.TransactionClient,
  changes: ActionChanges,
  action: PendingActionState,
  notice: { subject: string; body: string },
  now: Date,
): Promise<void> {
  const { conversationId } = action;
  const system = { type: "system" } as const;
  const body = normalizeMessageText(notice.body);
  const key = `order-changed:${action.id}`;
  if (action.channel === "chat") {
    const message = await createMessage(
      tx,
      { conversationId, authorKind: "agent", visibility: "customer", body, dedupeKey: key },
      changes.realtime,
    );
    if (!message) return;
    await tx.conversation.update({ where: { id: conversationId }, data: { lastMessageAt: now } });
    changes.audit.push(
      customerMessageSentEvent({
        actor: system,
        occurredAt: now,
        conversationId,
        channel: "chat",
        messageId: message.id,
        outboxEmailId: null,
        body,
      }),
    );
    return;
  }
  const customer = await tx.customer.findUniqueOrThrow({
    where: { id: action.customerId },
    select: { email: true },
  });
  const { email, created } = await enqueueEmail(tx, {
    idempotencyKey: key,
    to: customer.email,
    subject: notice.subject,
    bodyText: body,
    conversationId,
  });
  if (!created) return;
  changes.audit.push(
    {
      kind: "email.queued",
      subjectType: "outbox_email",
      subjectId: email.id,
      actor: system,
      occurredAt: now,
      conversationId,
      payload: {
        idempotencyKey: email.idempotencyKey,
        to: email.toAddress,
        subject: notice.subject,
        pendingActionId: action.id,
      },
    },
    customerMessageSentEvent({
      actor: system,
      occurredAt: now,
      conversationId,
      channel: "email",
      messageId: null,
      outboxEmailId: email.id,
      body,
    }),
  );
}
