import type { Actor } from "@/lib/domain/actor";
import { sha256Hex } from "@/lib/domain/canonical-hash";
import type { Channel } from "@/lib/domain/order-facts";
import type { AuditRecord } from "@/lib/server/audit/append-audit-events";

/** The customer_message.sent event for one text that reached a customer, with its body's hash. */
export function customerMessageSentEvent(input: {
  actor: Actor;
  occurredAt: Date;
  conversationId: string | null;
  channel: Channel;
  messageId: string | null;
  outboxEmailId: string | null;
  body: string;
}): AuditRecord {
  const subject = input.messageId
    ? { subjectType: "message" as const, subjectId: input.messageId }
    : { subjectType: "outbox_email" as const, subjectId: input.outboxEmailId ?? "" };
  return {
    kind: "customer_message.sent",
    ...subject,
    actor: input.actor,
    occurredAt: input.occurredAt,
    conversationId: input.conversationId,
    payload: {
      conversationId: input.conversationId,
      channel: input.channel,
      messageId: input.messageId,
      outboxEmailId: input.outboxEmailId,
      bodySha256: sha256Hex(input.body),
      bodyLength: input.body.length,
    },
  };
}
