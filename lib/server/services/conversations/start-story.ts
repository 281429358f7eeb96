import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { db as defaultDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { findDemoStory } from "./demo-stories";
import {
  type PostCustomerMessageOptions,
  type PostCustomerMessageResult,
  postCustomerMessage,
} from "./post-customer-message";
import { startEmailConversation } from "./start-email-conversation";

export type StartStoryResult = PostCustomerMessageResult & {
  conversationId: string;
  // Chat stories: the customer's widget session (the token is shown once, only its hash is kept).
  sessionId: string | null;
  sessionToken: string | null;
};

// Launches one canonical story for the demo menu: its customer, channel and first message.
export async function startStory(
  storyKey: string,
  options: PostCustomerMessageOptions = {},
): Promise<StartStoryResult> {
  const story = findDemoStory(storyKey);
  if (!story) throw new AppError("NOT_FOUND", `No story ${storyKey}`);
  const db: PrismaClient = options.db ?? defaultDb;

  if (story.channel === "email") {
    const started = await startEmailConversation(
      {
        from: story.customerEmail,
        subject: story.subject,
        body: story.firstMessage,
        storyKey: story.key,
      },
      options,
    );
    return { ...started, sessionId: null, sessionToken: null };
  }

  const customer = await db.customer.findUnique({ where: { email: story.customerEmail } });
  if (!customer) throw new AppError("NOT_FOUND", `Seed customer ${story.customerEmail} is missing`);
  const sessionToken = randomBytes(32).toString("base64url");
  const { conversation, session } = await db.$transaction(async (tx) => {
    const conversation = await tx.conversation.create({
      data: {
        channel: "chat",
        customerId: customer.id,
        subject: story.subject,
        storyKey: story.key,
      },
    });
    const session = await tx.customerSession.create({
      data: {
        customerId: customer.id,
        conversationId: conversation.id,
        tokenHash: createHash("sha256").update(sessionToken).digest("hex"),
      },
    });
    await publishRealtime(tx, {
      topic: "conversation.created",
      conversationId: conversation.id,
      payload: { conversationId: conversation.id, channel: "chat" },
    });
    return { conversation, session };
  });
  const posted = await postCustomerMessage(
    { conversationId: conversation.id, text: story.firstMessage, sessionId: session.id },
    options,
  );
  return { ...posted, conversationId: conversation.id, sessionId: session.id, sessionToken };
}
