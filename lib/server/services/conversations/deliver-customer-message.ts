import "server-only";
import type { Actor } from "@/lib/domain/actor";
import type { Role } from "@/lib/domain/authz";
import { normalizeMessageText } from "@/lib/domain/normalize-message-text";
import type { Channel } from "@/lib/domain/order-facts";
import { AppError } from "@/lib/errors/app-error";
import type { Message, Prisma } from "@/lib/generated/prisma/client";
import { enqueueEmail } from "@/lib/integrations/email/enqueue-email";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { customerMessageSentEvent } from "./customer-message-audit-events";

export type CustomerMessageAuthor =
  | { kind: "agent"; runId: string }
  | { kind: "staff"; staffUserId: string; roles: Role[] }
  | { kind: "system" };

export type DeliverCustomerMessageInput = {
  conversation: { id: string; channel: Channel; subject: string; customerEmail: string };
  author: CustomerMessageAuthor;
  body: string;
  // A retried delivery with the same key lands on the message it already made.
  dedupeKey: string;
  now: Date;
};

export type DeliveredCustomerMessage = {
  message: Message;
  created: boolean;
  outboxEmailId: string | null;
};

/*
 * The one way text reaches a customer: the body is reduced to plain text once (what staff see
 * is byte for byte what the customer receives), stored as a customer-visible message, emailed
 * through the outbox on the email channel, audited with the body's hash and announced to staff
 * screens, all in the caller's transaction. It appends to the audit chain, so call it after the
 * transaction's other row writes.
 */
export async function deliverCustomerMessage(
  tx: Prisma.TransactionClient,
  input: DeliverCustomerMessageInput,
): Promise<DeliveredCustomerMessage> {
  const { conversation, author, now, dedupeKey } = input;
  const body = normalizeMessageText(input.body);
  if (body === "") throw new AppError("VALIDATION_FAILED", "The message has no visible text");
  const { count } = await tx.message.createMany({
    data: [
      {
        conversationId: conversation.id,
        authorKind: author.kind,
        visibility: "customer",
        body,
        runId: author.kind === "agent" ? author.runId : null,
        staffUserId: author.kind === "staff" ? author.staffUserId : null,
        dedupeKey,
      },
    ],
    skipDuplicates: true,
  });
  const message = await tx.message.findUniqueOrThrow({
    where: { conversationId_dedupeKey: { conversationId: conversation.id, dedupeKey } },
  });
  if (count === 0) {
    const email = await tx.outboxEmail.findUnique({
      where: { idempotencyKey: emailKeyFor(message.id) },
      select: { id: true },
    });
    return { message, created: false, outboxEmailId: email?.id ?? null };
  }
  await tx.conversation.update({
    where: { id: conversation.id },
    data: { lastMessageAt: now },
  });
  let outboxEmailId: string | null = null;
  if (conversation.channel === "email") {
    const { email } = await enqueueEmail(tx, {
      idempotencyKey: emailKeyFor(message.id),
      to: conversation.customerEmail,
      subject: `Re: ${conversation.subject}`,
      bodyText: body,
      conversationId: conversation.id,
    });
    outboxEmailId = email.id;
  }
  await publishRealtime(tx, {
    topic: "message.created",
    conversationId: conversation.id,
    payload: { messageId: message.id, visibility: "customer" },
  });
  await appendAuditEvents(tx, [
    customerMessageSentEvent({
      actor: actorOf(author),
      occurredAt: now,
      conversationId: conversation.id,
      channel: conversation.channel,
      messageId: message.id,
      outboxEmailId,
      body,
    }),
  ]);
  return { message, created: true, outboxEmailId };
}

function emailKeyFor(messageId: string): string {
  return `message:${messageId}`;
}

function actorOf(author: CustomerMessageAuthor): Actor {
  switch (author.kind) {
    case "agent":
      return { type: "agent" };
    case "staff":
      return { type: "staff", userId: author.staffUserId, roles: author.roles };
    case "system":
      return { type: "system" };
  }
}
