import { expect } from "vitest";
import type { ModelProvider } from "@/lib/agent/model/provider";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  type PostCustomerMessageResult,
  postCustomerMessage,
} from "@/lib/server/services/intake/post-customer-message";
import { startStory } from "@/lib/server/services/intake/start-story";
import { fixedClock, testUseCaseContext } from "./test-use-case-context";

/*
 * Drives the canonical stories through the real entry points (start a story, post a customer
 * message) and waits for each run to finish, so tests read the database outcome of every turn.
 */

export type StoryConversation = {
  conversationId: string;
  sessionId: string | null;
  say(text: string, options?: { now?: Date }): Promise<PostCustomerMessageResult>;
};

export async function beginStory(
  prisma: PrismaClient,
  provider: ModelProvider,
  storyKey: string,
): Promise<StoryConversation> {
  const context = testUseCaseContext({ db: prisma, model: provider });
  const started = await startStory({ storyKey, freshCustomer: false }, context);
  expect(await started.completion).toBe("completed");
  const story: StoryConversation = {
    conversationId: started.conversationId,
    sessionId: started.sessionId,
    async say(text, options = {}) {
      const posted = await postCustomerMessage(
        {
          conversationId: started.conversationId,
          text,
          ...(story.sessionId && { sessionId: story.sessionId }),
        },
        { ...context, ...(options.now && { now: fixedClock(options.now) }) },
      );
      expect(await posted.completion).toBe("completed");
      // Like the widget: after an idle gap the server starts a new session, used from then on.
      story.sessionId = posted.sessionId ?? story.sessionId;
      return posted;
    },
  };
  return story;
}

export async function customerReplies(
  prisma: PrismaClient,
  conversationId: string,
): Promise<string[]> {
  const messages = await prisma.message.findMany({
    where: { conversationId, authorKind: "agent", visibility: "customer" },
    orderBy: { createdAt: "asc" },
  });
  return messages.map((message) => message.body);
}

/** The code-built quote messages the customer was shown, oldest first. */
export async function presentedQuotes(prisma: PrismaClient, conversationId: string) {
  return prisma.message.findMany({
    where: { conversationId, presentedActionId: { not: null } },
    orderBy: { createdAt: "asc" },
  });
}

export async function teamNotes(prisma: PrismaClient, conversationId: string): Promise<string[]> {
  const messages = await prisma.message.findMany({
    where: { conversationId, authorKind: "agent", visibility: "internal" },
    orderBy: { createdAt: "asc" },
  });
  return messages.map((message) => message.body);
}

/** The server's notes about customer messages, oldest first: their text and the typed decision. */
export async function intentNotes(prisma: PrismaClient, conversationId: string) {
  return prisma.message.findMany({
    where: { conversationId, authorKind: "system", noteKind: { not: null } },
    orderBy: { createdAt: "asc" },
    select: { body: true, noteKind: true, noteData: true },
  });
}

export async function actionsOf(prisma: PrismaClient, conversationId: string) {
  return prisma.pendingAction.findMany({
    where: { conversationId },
    orderBy: { createdAt: "asc" },
  });
}

export async function staffIdOf(
  prisma: PrismaClient,
  role: "agent" | "approver" | "admin",
): Promise<string> {
  const staff = await prisma.staffUser.findFirstOrThrow({ where: { role } });
  return staff.id;
}

export const approverId = (prisma: PrismaClient): Promise<string> => staffIdOf(prisma, "approver");

/** Story 1 ("cracked on arrival") up to its $48.00 refund waiting for an approver: its id. */
export async function refundAwaitingApproval(
  prisma: PrismaClient,
  provider: ModelProvider,
): Promise<string> {
  const story = await beginStory(prisma, provider, "cracked-on-arrival");
  const [action] = await actionsOf(prisma, story.conversationId);
  expect(action).toMatchObject({ status: "awaiting_approval", netRefundCents: 4800 });
  return action?.id ?? "";
}
