import "server-only";
import { z } from "zod";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { db as defaultDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { publishRealtime } from "@/lib/server/realtime/publish";
import {
  type PostCustomerMessageOptions,
  type PostCustomerMessageResult,
  postCustomerMessage,
} from "./post-customer-message";

export const startEmailConversationInputSchema = z.object({
  from: z.email(),
  subject: z.string().trim().min(1).max(300),
  body: z.string().trim().min(1).max(20_000),
  // The email's Message-ID: a redelivered email does not open a second ticket.
  messageId: z.string().min(1).max(300).optional(),
  storyKey: z.string().min(1).max(60).optional(),
});

export type StartEmailConversationInput = z.input<typeof startEmailConversationInputSchema>;

// An inbound email becomes a ticket on the email channel; the sender's address is the identity.
export async function startEmailConversation(
  input: StartEmailConversationInput,
  options: PostCustomerMessageOptions = {},
): Promise<PostCustomerMessageResult & { conversationId: string }> {
  const request = startEmailConversationInputSchema.parse(input);
  const db: PrismaClient = options.db ?? defaultDb;
  const customer = await db.customer.findFirst({
    where: { email: { equals: request.from, mode: "insensitive" } },
  });
  if (!customer) {
    throw new AppError("NOT_FOUND", `No customer account uses ${request.from}`);
  }
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
        messageId: seen.id,
        duplicate: true,
        outcome: null,
        runId: null,
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
    await publishRealtime(tx, {
      topic: "conversation.created",
      conversationId: created.id,
      payload: { conversationId: created.id, channel: "email" },
    });
    return created;
  });
  const posted = await postCustomerMessage(
    { conversationId: conversation.id, text: request.body, dedupeKey: request.messageId },
    options,
  );
  return { ...posted, conversationId: conversation.id };
}
