import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditRecord } from "@/lib/server/audit/append-audit-events";
import { deliverCustomerMessage } from "@/lib/server/services/conversations/deliver-customer-message";

export type StaffReplyInput = {
  conversationId: string;
  staffUserId: string;
  text: string;
  cause: "staff_reply" | "reconciliation_outcome";
  now: Date;
  dedupeKey?: string;
};

/*
 * A person's words to a customer, signed, delivered the one way every customer-bound text is
 * (plain text once, stored, emailed through the outbox on email tickets, audited as sent). The
 * returned `ticket.replied` record says why it was written; the caller appends it.
 */
export async function writeStaffReply(
  tx: Prisma.TransactionClient,
  input: StaffReplyInput,
): Promise<{ messageId: string; audit: AuditRecord }> {
  const conversation = await tx.conversation.findUniqueOrThrow({
    where: { id: input.conversationId },
    include: { customer: { select: { email: true } } },
  });
  const staff = await tx.staffUser.findUniqueOrThrow({ where: { id: input.staffUserId } });
  const delivered = await deliverCustomerMessage(tx, {
    conversation: {
      id: conversation.id,
      channel: conversation.channel,
      subject: conversation.subject,
      customerEmail: conversation.customer.email,
    },
    author: { kind: "staff", staffUserId: staff.id, roles: [staff.role] },
    body: `${input.text}\n\n— ${staff.name}, Countersign Support`,
    dedupeKey: input.dedupeKey ?? `staff-reply:${randomUUID()}`,
    now: input.now,
  });
  return {
    messageId: delivered.message.id,
    audit: {
      kind: "ticket.replied",
      subjectType: "conversation",
      subjectId: conversation.id,
      actor: { type: "staff", userId: staff.id, roles: [staff.role] },
      occurredAt: input.now,
      conversationId: conversation.id,
      payload: {
        conversationId: conversation.id,
        messageId: delivered.message.id,
        channel: conversation.channel,
        outboxEmailId: delivered.outboxEmailId,
        cause: input.cause,
      },
    },
  };
}
