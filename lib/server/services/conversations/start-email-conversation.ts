import "server-only";
import { z } from "zod";
import { MAX_MESSAGE_CHARS } from "@/lib/domain/message-limits";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { db as defaultDb } from "@/lib/server/db";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { findOrCreateEmailCustomer } from "./find-or-create-email-customer";
import {
  type PostCustomerMessageOptions,
  type PostCustomerMessageResult,
  postCustomerMessage,
} from "./post-customer-message";

export const startEmailConversationInputSchema = z.object({
  from: z.email(),
  fromName: z.string().trim().max(200).nullish(),
  subject: z.string().trim().min(1).max(300),
  body: z.string().trim().min(1).max(MAX_MESSAGE_CHARS),
  // The email's Message-ID: a redelivered email does not open a second ticket.
  messageId: z.string().min(1).max(300).optional(),
  storyKey: z.string().min(1).max(60).optional(),
});

export type StartEmailConversationInput = z.input<typeof startEmailConversationInputSchema>;

export type StartEmailConversationOptions = PostCustomerMessageOptions & {
  /** Written in the transaction that opens the conversation (the inbound email's record). */
  onOpened?: (tx: Prisma.TransactionClient, conversationId: string) => Promise<void>;
};

export type StartEmailConversationResult = PostCustomerMessageResult & {
  conversationId: string;
  /** The sender matches no customer account: the conversation can act on no order. */
  contactOnly: boolean;
};

// An inbound email becomes a ticket on the email channel; the sender's address is the identity.
export async function startEmailConversation(
  input: StartEmailConversationInput,
  options: StartEmailConversationOptions = {},
): Promise<StartEmailConversationResult> {
  const request = startEmailConversationInputSchema.parse(input);
  const { onOpened, ...postOptions } = options;
  const db: PrismaClient = options.db ?? defaultDb;
  const customer = await findOrCreateEmailCustomer(db, request.from, request.fromName);
  if (request.messageId) {
    const seen = await db.message.findFirst({
      where: {
        dedupeKey: request.messageId,
        conversation: { customerId: customer.id, channel: "email" },
      },
      select: { id: true, conversationId: true },
    });
    if (seen) {
      return {
        conversationId: seen.conversationId,
        contactOnly: customer.contactOnly,
        messageId: seen.id,
        duplicate: true,
        outcome: null,
        runId: null,
        sessionId: null,
        sessionToken: null,
        completion: Promise.resolve(null),
      };
    }
  }
  const conversation = await db.$transaction(async (tx) => {
    const created = await tx.conversation.create({
      data: {
        channel: "email",
        customerId: customer.id,
        subject: request.subject,
        storyKey: request.storyKey ?? null,
      },
    });
    await onOpened?.(tx, created.id);
    await publishRealtime(tx, {
      topic: "conversation.created",
      conversationId: created.id,
      payload: { conversationId: created.id, channel: "email" },
    });
    return created;
  });
  const posted = await postCustomerMessage(
    { conversationId: conversation.id, text: request.body, dedupeKey: request.messageId },
    postOptions,
  );
  return { ...posted, conversationId: conversation.id, contactOnly: customer.contactOnly };
}
