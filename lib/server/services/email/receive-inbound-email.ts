import "server-only";
import { normalEmailAddress } from "@/lib/domain/email-address";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { isOwnMessageId } from "@/lib/integrations/email/email-message-id";
import { InboundEmailError } from "@/lib/integrations/email/inbound-email-error";
import {
  type ParsedInboundEmail,
  parseInboundEmail,
} from "@/lib/integrations/email/parse-inbound-email";
import { db as defaultDb } from "@/lib/server/db";
import { getServerEnv } from "@/lib/server/env";
import { isUniqueViolation } from "@/lib/server/prisma-errors";
import type { PostCustomerMessageOptions } from "@/lib/server/services/conversations/post-customer-message";
import { postCustomerMessage } from "@/lib/server/services/conversations/post-customer-message";
import { startEmailConversation } from "@/lib/server/services/conversations/start-email-conversation";

export type InboundChannel = "smtp" | "webhook";

export type ReceiveInboundEmailOptions = PostCustomerMessageOptions & {
  via: InboundChannel;
  /** Envelope recipients (SMTP RCPT TO); the webhook passes none and the To header is checked. */
  recipients?: string[];
  supportAddress?: string;
};

export type ReceivedEmail = {
  conversationId: string;
  messageId: string | null;
  duplicate: boolean;
  threaded: boolean;
  contactOnly: boolean;
  runId: string | null;
  completion: Promise<unknown>;
};

/*
 * One delivered email, from either door. A redelivery (same Message-ID) changes nothing. A reply
 * continues its conversation when In-Reply-To/References name an email of that conversation and
 * it comes from that conversation's customer; anything else opens a new conversation. A
 * reference to one of our own Message-IDs that matches nothing is refused: it is a reply to a
 * thread this helpdesk does not have, and guessing where it belongs could leak a conversation.
 */
export async function receiveInboundEmail(
  raw: Buffer,
  options: ReceiveInboundEmailOptions,
): Promise<ReceivedEmail> {
  const db = options.db ?? defaultDb;
  const supportAddress = options.supportAddress ?? getServerEnv().SUPPORT_EMAIL_ADDRESS;
  const email = await parseInboundEmail(raw);
  checkRecipient(email, options.recipients, supportAddress);

  const seen = await findDelivered(db, email.messageId);
  if (seen) return seen;

  const thread = await findThread(db, email, supportAddress);
  const record = (conversationId: string) => ({
    messageId: email.messageId,
    conversationId,
    fromAddress: email.fromAddress,
    subject: email.subject,
    inReplyTo: email.inReplyTo,
    threadReferences: email.references,
    attachments: email.attachments,
    sizeBytes: email.sizeBytes,
    receivedVia: options.via,
  });
  const body = withAttachmentList(email);
  try {
    if (thread) {
      // Recorded before the message is posted, so the agent's reply threads under this email.
      const inbound = await db.inboundEmail.create({ data: record(thread.conversationId) });
      const posted = await postCustomerMessage(
        { conversationId: thread.conversationId, text: body, dedupeKey: email.messageId },
        options,
      );
      await linkMessage(db, inbound.id, posted.messageId);
      return {
        conversationId: thread.conversationId,
        messageId: posted.messageId,
        duplicate: posted.duplicate,
        threaded: true,
        contactOnly: thread.contactOnly,
        runId: posted.runId,
        completion: posted.completion,
      };
    }
    let inboundId = "";
    const started = await startEmailConversation(
      {
        from: email.fromAddress,
        fromName: email.fromName,
        subject: email.subject,
        body,
        messageId: email.messageId,
      },
      {
        ...options,
        onOpened: async (tx: Prisma.TransactionClient, conversationId: string) => {
          inboundId = (await tx.inboundEmail.create({ data: record(conversationId) })).id;
        },
      },
    );
    if (inboundId) await linkMessage(db, inboundId, started.messageId);
    return {
      conversationId: started.conversationId,
      messageId: started.messageId,
      duplicate: started.duplicate,
      threaded: false,
      contactOnly: started.contactOnly,
      runId: started.runId,
      completion: started.completion,
    };
  } catch (error) {
    // The same email delivered twice at once: the second finds the first's record.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findDelivered(db, email.messageId);
    if (!raced) throw error;
    return raced;
  }
}

function checkRecipient(
  email: ParsedInboundEmail,
  recipients: string[] | undefined,
  supportAddress: string,
): void {
  const support = supportAddress.toLowerCase();
  const addressed = (recipients ?? email.to).map((address) => address.toLowerCase());
  if (!addressed.includes(support)) {
    throw new InboundEmailError(
      "WRONG_RECIPIENT",
      `This mailbox only accepts mail for ${supportAddress}.`,
    );
  }
}

async function findDelivered(db: PrismaClient, messageId: string): Promise<ReceivedEmail | null> {
  const seen = await db.inboundEmail.findUnique({
    where: { messageId },
    include: { conversation: { include: { customer: { select: { contactOnly: true } } } } },
  });
  if (!seen) return null;
  return {
    conversationId: seen.conversationId,
    messageId: seen.customerMessageId,
    duplicate: true,
    threaded: seen.inReplyTo !== null,
    contactOnly: seen.conversation.customer.contactOnly,
    runId: null,
    completion: Promise.resolve(null),
  };
}

async function findThread(
  db: PrismaClient,
  email: ParsedInboundEmail,
  supportAddress: string,
): Promise<{ conversationId: string; contactOnly: boolean } | null> {
  // Nearest ancestor first: In-Reply-To, then References from the newest.
  const ids = [
    ...new Set([...(email.inReplyTo ? [email.inReplyTo] : []), ...email.references.toReversed()]),
  ];
  if (ids.length === 0) return null;
  const [inbound, outbound] = await Promise.all([
    db.inboundEmail.findMany({
      where: { messageId: { in: ids } },
      select: { messageId: true, conversationId: true },
    }),
    db.outboxEmail.findMany({
      where: { messageId: { in: ids }, conversationId: { not: null } },
      select: { messageId: true, conversationId: true },
    }),
  ]);
  const byId = new Map<string, string>();
  for (const row of [...inbound, ...outbound]) {
    if (row.messageId && row.conversationId) byId.set(row.messageId, row.conversationId);
  }
  const conversationId = ids.map((id) => byId.get(id)).find((id) => id !== undefined);
  if (!conversationId) {
    if (ids.some((id) => isOwnMessageId(id, supportAddress))) {
      throw new InboundEmailError(
        "UNKNOWN_THREAD",
        "This is a reply to an email this helpdesk has no record of; write a new email instead.",
      );
    }
    return null;
  }
  const conversation = await db.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    include: { customer: { select: { email: true, contactOnly: true } } },
  });
  // Someone else replying on a customer's thread gets their own conversation.
  if (conversation.customer.email !== normalEmailAddress(email.fromAddress)) return null;
  return { conversationId, contactOnly: conversation.customer.contactOnly };
}

async function linkMessage(db: PrismaClient, inboundId: string, messageId: string): Promise<void> {
  await db.inboundEmail.updateMany({
    where: { id: inboundId, customerMessageId: null },
    data: { customerMessageId: messageId },
  });
}

// The agent and staff see that files came with the email; the files themselves are not kept.
function withAttachmentList(email: ParsedInboundEmail): string {
  if (email.attachments.length === 0) return email.text;
  const names = email.attachments
    .map((file) => `${file.filename ?? "unnamed"} (${file.contentType}, ${file.sizeBytes} bytes)`)
    .join("; ");
  return `${email.text}\n\n[Attachments not stored: ${names}]`;
}
