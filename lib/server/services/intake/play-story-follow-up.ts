import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { findDemoStory } from "./demo-stories";
import {
  type IntakeContext,
  type PostCustomerMessageResult,
  postCustomerMessage,
} from "./post-customer-message";

/*
 * The demo's simulated customer: sends the story's next scripted line (a confirmation, a
 * change of mind, pushback) through the same path as a real customer message, from the
 * customer's own chat session, so every gate applies exactly as it would.
 */
export async function playStoryFollowUp(
  input: { conversationId: string },
  context: IntakeContext,
): Promise<PostCustomerMessageResult & { text: string; remaining: number }> {
  const { conversationId } = input;
  const { db } = context;
  const conversation = await db.conversation.findUnique({ where: { id: conversationId } });
  const story = conversation?.storyKey ? findDemoStory(conversation.storyKey) : undefined;
  if (!conversation || !story)
    throw new AppError("NOT_FOUND", "This conversation is not a demo story");
  const sent = await db.message.count({ where: { conversationId, authorKind: "customer" } });
  const text = story.followUps[sent - 1];
  if (text === undefined) throw new AppError("CONFLICT", "The story has no more scripted messages");
  const session = await db.customerSession.findFirst({
    where: { conversationId, customerId: conversation.customerId, endedAt: null },
    orderBy: { createdAt: "desc" },
  });
  const posted = await postCustomerMessage(
    { conversationId, text, ...(session && { sessionId: session.id }) },
    context,
  );
  return { ...posted, text, remaining: story.followUps.length - sent };
}
