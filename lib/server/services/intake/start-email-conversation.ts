import "server-only";
import { z } from "zod";
import { MAX_MESSAGE_CHARS } from "@/lib/domain/message-limits";
import type { Prisma } from "@/lib/generated/prisma/client";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { soleWorkspaceId } from "@/lib/server/services/workspaces/staff-workspaces";
import { findOrCreateEmailCustomer } from "./find-or-create-email-customer";
import {
  type IntakeContext,
  type IntakeOptions,
  type OpenedConversation,
  type PostCustomerMessageResult,
  postOpeningMessage,
} from "./post-customer-message";

export const startEmailConversationInputSchema = z.object({
  from: z.email(),
  fromName: z.string().trim().max(200).nullish(),
  subject: z.string().trim().min(1).max(300),
  body: z.string().trim().min(1).max(MAX_MESSAGE_CHARS),
  storyKey: z.string().min(1).max(60).optional(),
  /** Who typed it in: the email belongs to their workspace. None (the CLI): the only workspace. */
  staffUserId: z.string().min(1).max(100).optional(),
});

export type StartEmailConversationInput = z.input<typeof startEmailConversationInputSchema>;

export type StartEmailConversationResult = PostCustomerMessageResult & {
  conversationId: string;
  /** The sender matches no customer account: the conversation can act on no order. */
  contactOnly: boolean;
};

/*
 * An email typed in by staff (or the CLI) becomes a ticket on the email channel; the sender's
 * address is the identity. The sender's contact, the conversation, the message and its run
 * commit together, so a failure leaves nothing and a retry with the same key finds the first.
 */
export async function startEmailConversation(
  input: StartEmailConversationInput & Pick<IntakeOptions, "intake">,
  context: IntakeContext,
): Promise<StartEmailConversationResult> {
  const request = startEmailConversationInputSchema.parse(input);
  const started = await postOpeningMessage(
    {
      open: async (tx) => {
        const workspaceId = await soleWorkspaceId(tx, { staffUserId: request.staffUserId });
        const customer = await findOrCreateEmailCustomer(tx, {
          workspaceId,
          address: request.from,
          displayName: request.fromName,
        });
        return openEmailConversation(tx, customer.id, request);
      },
      text: request.body,
      intake: input.intake,
    },
    context,
  );
  const customer = await context.db.customer.findFirstOrThrow({
    where: { conversations: { some: { id: started.conversationId } } },
    select: { contactOnly: true },
  });
  return { ...started, contactOnly: customer.contactOnly };
}

/** A new email conversation, in the transaction that stores its first message. */
export async function openEmailConversation(
  tx: Prisma.TransactionClient,
  customerId: string,
  email: { subject: string; storyKey?: string | undefined },
): Promise<OpenedConversation> {
  const conversation = await tx.conversation.create({
    data: {
      channel: "email",
      customerId,
      subject: email.subject,
      storyKey: email.storyKey ?? null,
    },
  });
  await publishRealtime(tx, {
    topic: "conversation.created",
    conversationId: conversation.id,
    payload: { conversationId: conversation.id, channel: "email" },
  });
  return { conversationId: conversation.id, customerId, sessionId: null };
}
