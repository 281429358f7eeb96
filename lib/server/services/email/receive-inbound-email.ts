import "server-only";
import { createHash } from "node:crypto";
import { inboundEmailKey, inboundEmailLimit } from "@/lib/auth/public-door-throttle";
import { ATTACHMENT_REFUSAL_WORDS } from "@/lib/domain/attachments";
import { normalEmailAddress } from "@/lib/domain/email-address";
import { inboundEmailWorkspace } from "@/lib/domain/inbound-mailbox";
import { MAX_MESSAGE_CHARS } from "@/lib/domain/message-limits";
import { toStorableText } from "@/lib/domain/storable-text";
import { isTransientDatabaseError, isUniqueViolation } from "@/lib/errors/prisma-errors";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { isOwnMessageId } from "@/lib/integrations/email/email-message-id";
import {
  InboundEmailError,
  isInboundEmailError,
} from "@/lib/integrations/email/inbound-email-error";
import {
  type ParsedInboundEmail,
  parseInboundEmail,
} from "@/lib/integrations/email/parse-inbound-email";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { claimSignInAttempt } from "@/lib/server/repositories/login-throttle-repository";
import {
  type PreparedFiles,
  prepareAttachments,
  type RefusedFile,
} from "@/lib/server/services/attachments/prepare-attachment";
import { recordAttachments } from "@/lib/server/services/attachments/record-attachments";
import { readCustomerOrdersFromStore } from "@/lib/server/services/commerce/read-customer-orders";
import { findOrCreateEmailCustomer } from "@/lib/server/services/intake/find-or-create-email-customer";
import {
  type IntakeContext,
  postCustomerMessage,
  postOpeningMessage,
} from "@/lib/server/services/intake/post-customer-message";
import { openEmailConversation } from "@/lib/server/services/intake/start-email-conversation";
import type { UseCaseContext } from "@/lib/server/use-case-context";

export type InboundChannel = "smtp" | "webhook";

export type ReceiveInboundEmailInput = {
  /** The email as delivered (RFC 822). */
  raw: Buffer;
  via: InboundChannel;
  /** Envelope recipients (SMTP RCPT TO); the webhook passes none. */
  recipients?: string[];
  /**
   * The deployment's mailbox (SUPPORT_EMAIL_ADDRESS): mail to it that names no workspace's own
   * support address belongs to the one workspace when there is exactly one.
   */
  supportAddress: string;
};

export type ReceiveInboundEmailContext = Pick<
  UseCaseContext,
  "db" | "now" | "model" | "payments" | "commerce" | "logger" | "faultPoint"
>;

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
 * One delivered email, from either door. The inbound record, the message (and its run) and, for
 * a new conversation, the conversation itself are written in one transaction, so a failure leaves
 * nothing behind and the sender's retry is a first delivery, never a "duplicate" of nothing.
 *
 * A redelivery is the same Message-ID from the same sender with the same text: it changes
 * nothing. Another email that reuses a Message-ID already stored (a different sender or text) is
 * stored under an id derived from its content, and the reuse is written to the audit trail.
 *
 * The email belongs to the workspace it was addressed to (inboundEmailWorkspace): its sender is
 * that workspace's customer, found by address within it or made a contact-only customer of it.
 *
 * A reply continues its conversation when In-Reply-To/References name an email of that
 * conversation and it comes from that conversation's customer in the same workspace; anything
 * else opens a new conversation. A reference to one of our own Message-IDs that matches nothing
 * is refused: it is a reply to a thread this helpdesk does not have, and guessing where it
 * belongs could leak a conversation.
 *
 * Failures are sorted for the sender: a refusal (InboundEmailError) and anything that is not a
 * database outage are final; only an outage and a sender over its allowance are temporary.
 */
export async function receiveInboundEmail(
  input: ReceiveInboundEmailInput,
  context: ReceiveInboundEmailContext,
): Promise<ReceivedEmail> {
  const now = context.now();
  const email = await parseInboundEmail(input.raw);
  const workspaceId = await findAddressedWorkspace(context.db, email, input);
  const files = await prepareAttachments(email.files);
  const body = toStorableText(
    withRefusedFiles(email.text, files.refused).slice(0, MAX_MESSAGE_CHARS),
  ).trim();
  const intake: IntakeContext = {
    db: context.db,
    model: context.model,
    payments: context.payments,
    commerce: context.commerce,
    logger: context.logger,
    faultPoint: context.faultPoint,
    now: () => now,
  };
  try {
    return await retryOnceOnUniqueViolation(() =>
      storeDelivery(email, body, { ...input, workspaceId, now, intake, files }),
    );
  } catch (error) {
    if (isInboundEmailError(error) || isTransientDatabaseError(error)) throw error;
    context.logger.error({ err: error, messageId: email.messageId }, "inbound email not storable");
    throw new InboundEmailError("UNSTORABLE", "The message could not be stored.");
  }
}

// The same email delivered twice at once: the second finds the first's record on its retry.
async function retryOnceOnUniqueViolation<T>(store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return store();
  }
}

// The delivery as received, the moment it is stored at, and how the intake stores the message.
type Storing = ReceiveInboundEmailInput & {
  workspaceId: string;
  now: Date;
  intake: IntakeContext;
  /** The email's attachments, checked and (the accepted ones) stored outside the database. */
  files: PreparedFiles;
};

async function storeDelivery(
  email: ParsedInboundEmail,
  body: string,
  storing: Storing,
): Promise<ReceivedEmail> {
  const { db } = storing.intake;
  const delivery = await findDelivery(db, email, body);
  if (delivery.kind === "redelivered") return delivery.received;
  await claimSenderAllowance(db, email.fromAddress, storing.now);
  const { storedId, reusedId } = delivery;
  const thread = await findThread(db, email, storing);
  const onStored = async (
    tx: Prisma.TransactionClient,
    { messageId, conversationId }: { messageId: string; conversationId: string },
  ) => {
    const inbound = await tx.inboundEmail.create({
      data: {
        messageId: storedId,
        conversationId,
        customerMessageId: messageId,
        fromAddress: email.fromAddress,
        subject: email.subject,
        inReplyTo: email.inReplyTo,
        threadReferences: email.references,
        attachments: email.attachments,
        sizeBytes: email.sizeBytes,
        receivedVia: storing.via,
      },
    });
    if (reusedId) await auditReusedMessageId(tx, inbound.id, reusedId, email, storing.now);
    await recordAttachments(tx, {
      conversationId,
      messageId,
      source: "email",
      files: storing.files,
      now: storing.now,
    });
  };
  if (thread) {
    const posted = await postCustomerMessage(
      { conversationId: thread.conversationId, text: body, dedupeKey: storedId, onStored },
      storing.intake,
    );
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
  // A sender the shop's store knows becomes its customer with their orders, not a contact.
  await readCustomerOrdersFromStore(
    { workspaceId: storing.workspaceId, email: email.fromAddress },
    storing.intake,
  );
  let contactOnly = true;
  const started = await postOpeningMessage(
    {
      open: async (tx) => {
        const customer = await findOrCreateEmailCustomer(tx, {
          workspaceId: storing.workspaceId,
          address: email.fromAddress,
          displayName: email.fromName,
        });
        contactOnly = customer.contactOnly;
        return openEmailConversation(tx, customer.id, { subject: email.subject });
      },
      text: body,
      dedupeKey: storedId,
      onStored,
    },
    storing.intake,
  );
  return {
    conversationId: started.conversationId,
    messageId: started.messageId,
    duplicate: false,
    threaded: false,
    contactOnly,
    runId: started.runId,
    completion: started.completion,
  };
}

// Each new email is an agent turn: a sender gets a steady allowance (public-door-throttle.ts).
async function claimSenderAllowance(db: PrismaClient, sender: string, now: Date): Promise<void> {
  const allowance = await claimSignInAttempt(db, inboundEmailKey(sender), now, inboundEmailLimit);
  if (allowance.allowed) return;
  throw new InboundEmailError(
    "RATE_LIMITED",
    "Too many messages from this sender; try again later.",
  );
}

type Delivery =
  | { kind: "redelivered"; received: ReceivedEmail }
  | { kind: "new"; storedId: string; reusedId: string | null };

/*
 * Whether this email is already stored. Its Message-ID alone does not say so: any sender can
 * write any id, so a stored email is this one only when the sender and the text match too.
 */
async function findDelivery(
  db: PrismaClient,
  email: ParsedInboundEmail,
  body: string,
): Promise<Delivery> {
  const first = await findStored(db, email.messageId);
  if (!first) return { kind: "new", storedId: email.messageId, reusedId: null };
  if (isSameEmail(first, email, body)) return { kind: "redelivered", received: asDuplicate(first) };
  const storedId = reusedMessageIdKey(email, body);
  const again = await findStored(db, storedId);
  if (again) return { kind: "redelivered", received: asDuplicate(again) };
  return { kind: "new", storedId, reusedId: email.messageId };
}

const findStored = (db: PrismaClient, messageId: string) =>
  db.inboundEmail.findUnique({
    where: { messageId },
    include: {
      customerMessage: { select: { body: true } },
      conversation: { include: { customer: { select: { contactOnly: true } } } },
    },
  });

type StoredInbound = NonNullable<Awaited<ReturnType<typeof findStored>>>;

function isSameEmail(stored: StoredInbound, email: ParsedInboundEmail, body: string): boolean {
  return stored.fromAddress === email.fromAddress && stored.customerMessage?.body === body;
}

// Stable for the same sender, id and text, so a redelivery of the reusing email is recognised.
function reusedMessageIdKey(email: ParsedInboundEmail, body: string): string {
  const digest = createHash("sha256")
    .update(`${email.messageId}\n${email.fromAddress}\n${body}`)
    .digest("hex")
    .slice(0, 40);
  return `<reused-${digest}@inbound.invalid>`;
}

function asDuplicate(stored: StoredInbound): ReceivedEmail {
  return {
    conversationId: stored.conversationId,
    messageId: stored.customerMessageId,
    duplicate: true,
    threaded: stored.inReplyTo !== null,
    contactOnly: stored.conversation.customer.contactOnly,
    runId: null,
    completion: Promise.resolve(null),
  };
}

async function auditReusedMessageId(
  tx: Prisma.TransactionClient,
  inboundId: string,
  reusedId: string,
  email: ParsedInboundEmail,
  now: Date,
): Promise<void> {
  await appendAuditEvents(tx, [
    {
      kind: "inbound_email.message_id_reused",
      subjectType: "inbound_email",
      subjectId: inboundId,
      actor: { type: "system" },
      occurredAt: now,
      payload: { messageId: reusedId, fromAddress: email.fromAddress },
    },
  ]);
}

/*
 * The envelope (SMTP) comes first, then the headers: the SMTP listener takes mail for the
 * deployment's mailbox only, so a shop's own address forwarded to it is read from To or Cc.
 */
async function findAddressedWorkspace(
  db: PrismaClient,
  email: ParsedInboundEmail,
  input: ReceiveInboundEmailInput,
): Promise<string> {
  const workspaces = await db.workspace.findMany({ select: { id: true, supportAddress: true } });
  const workspaceId = inboundEmailWorkspace({
    addressed: [...(input.recipients ?? []), ...email.to],
    workspaces,
    deploymentAddress: input.supportAddress,
  });
  if (!workspaceId) {
    throw new InboundEmailError(
      "WRONG_RECIPIENT",
      `This mailbox only accepts mail for ${input.supportAddress} or a shop's support address.`,
    );
  }
  return workspaceId;
}

async function findThread(
  db: PrismaClient,
  email: ParsedInboundEmail,
  { supportAddress, workspaceId }: { supportAddress: string; workspaceId: string },
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
    include: { customer: { select: { email: true, contactOnly: true, workspaceId: true } } },
  });
  // Someone else replying on a customer's thread, or a reply sent to another shop, gets its own
  // conversation.
  if (conversation.customer.workspaceId !== workspaceId) return null;
  if (conversation.customer.email !== normalEmailAddress(email.fromAddress)) return null;
  return { conversationId, contactOnly: conversation.customer.contactOnly };
}

// A file that was not accepted leaves a line saying which and why; accepted files are shown on
// the ticket beside the message. One bracketed line, which language detection skips.
function withRefusedFiles(text: string, refused: readonly RefusedFile[]): string {
  if (refused.length === 0) return text;
  const files = refused
    .map((file) => `${file.name} (${ATTACHMENT_REFUSAL_WORDS[file.reason]})`)
    .join("; ");
  return `${text}\n\n[Files not accepted: ${files}]`;
}
