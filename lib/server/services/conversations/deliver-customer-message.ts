import "server-only";
import type { Actor } from "@/lib/domain/actor";
import type { Role } from "@/lib/domain/authz";
import { normalizeMessageText } from "@/lib/domain/normalize-message-text";
import type { Channel } from "@/lib/domain/order-facts";
import { AppError } from "@/lib/errors/app-error";
import { type Message, Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { enqueueEmail } from "@/lib/integrations/email/enqueue-email";
import { appendAuditEvents, insertAuditEventsSql } from "@/lib/server/audit/append-audit-events";
import { UNSEALED_CHANNEL } from "@/lib/server/realtime/publish";
import { createMessage, insertMessageSql } from "@/lib/server/repositories/message-repository";
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
  if (conversation.channel === "chat") return deliverChatMessage(tx, input, body);
  const message = await createMessage(tx, messageRow(input, body));
  if (!message) {
    const stored = await tx.message.findUniqueOrThrow({
      where: { conversationId_dedupeKey: { conversationId: conversation.id, dedupeKey } },
    });
    const email = await tx.outboxEmail.findUnique({
      where: { idempotencyKey: emailKeyFor(stored.id) },
      select: { id: true },
    });
    return { message: stored, created: false, outboxEmailId: email?.id ?? null };
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

type StoredMessageJson = {
  id: string;
  conversation_id: string;
  author_kind: Message["authorKind"];
  visibility: Message["visibility"];
  body: string;
  staff_user_id: string | null;
  run_id: string | null;
  session_id: string | null;
  dedupe_key: string | null;
  presented_action_id: string | null;
  presented_quote_hash: string | null;
  note_kind: Message["noteKind"];
  note_data: Message["noteData"];
  simulated: boolean;
  created_at: string;
};

/*
 * A chat message has no outbox email, so its delivery is one statement: the message, the
 * conversation's last activity, the realtime event and the audit event, the last three only if
 * the message was new (a retried delivery with the same key returns the stored one). Atomic on
 * its own, and part of the caller's transaction when there is one.
 */
async function deliverChatMessage(
  tx: Prisma.TransactionClient | PrismaClient,
  input: DeliverCustomerMessageInput,
  body: string,
): Promise<DeliveredCustomerMessage> {
  const { conversation, author, now, dedupeKey } = input;
  const messageId = newId("msg");
  const audit = customerMessageSentEvent({
    actor: actorOf(author),
    occurredAt: now,
    conversationId: conversation.id,
    channel: conversation.channel,
    messageId,
    outboxEmailId: null,
    body,
  });
  const [row] = await tx.$queryRaw<{ message: StoredMessageJson; created: boolean }[]>`
    WITH ${insertMessageSql("inserted", { id: messageId, ...messageRow(input, body) })}, touched AS (
      UPDATE conversations SET last_message_at = ${now.toISOString()}::timestamptz, updated_at = now()
       WHERE id = ${conversation.id} AND EXISTS (SELECT 1 FROM inserted)
    ), audit AS (
      ${insertAuditEventsSql([audit], Prisma.sql`EXISTS (SELECT 1 FROM inserted)`)}
    )
    SELECT row_to_json(inserted) AS message, true AS created,
           (SELECT pg_notify(${UNSEALED_CHANNEL}, '')::text FROM inserted_event) AS notified
      FROM inserted
    UNION ALL
    SELECT row_to_json(stored), false, NULL
      FROM messages AS stored
     WHERE stored.conversation_id = ${conversation.id} AND stored.dedupe_key = ${dedupeKey}
       AND NOT EXISTS (SELECT 1 FROM inserted)`;
  if (row)
    return { message: fromStoredJson(row.message), created: row.created, outboxEmailId: null };
  // The same key was being delivered concurrently and committed after this statement began.
  const message = await tx.message.findUniqueOrThrow({
    where: { conversationId_dedupeKey: { conversationId: conversation.id, dedupeKey } },
  });
  return { message, created: false, outboxEmailId: null };
}

function messageRow(
  { conversation, author, dedupeKey }: DeliverCustomerMessageInput,
  body: string,
) {
  return {
    conversationId: conversation.id,
    authorKind: author.kind,
    visibility: "customer" as const,
    body,
    runId: author.kind === "agent" ? author.runId : null,
    staffUserId: author.kind === "staff" ? author.staffUserId : null,
    dedupeKey,
  };
}

function fromStoredJson(row: StoredMessageJson): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    authorKind: row.author_kind,
    visibility: row.visibility,
    body: row.body,
    staffUserId: row.staff_user_id,
    runId: row.run_id,
    sessionId: row.session_id,
    dedupeKey: row.dedupe_key,
    presentedActionId: row.presented_action_id,
    presentedQuoteHash: row.presented_quote_hash,
    noteKind: row.note_kind,
    noteData: row.note_data,
    simulated: row.simulated,
    createdAt: new Date(row.created_at),
  };
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
