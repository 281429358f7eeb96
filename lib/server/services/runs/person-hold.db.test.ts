import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { SYSTEM_ACTOR } from "@/lib/domain/actor";
import { flagForPerson } from "@/lib/server/services/conversations/flag-for-person";
import { replyToCustomer } from "@/lib/server/services/conversations/reply-to-customer";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { openTestConversation } from "@/tests/support/open-test-conversation";
import { actionsOf, beginStory, staffIdOf } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

const prisma = seededTestDatabase();
const context = () => testUseCaseContext({ db: prisma, model: createOfflineAgent() });

async function chatWith(language: string | null) {
  const world = await openTestConversation(prisma, {
    email: "sam@example.com",
    orderNumber: "B2001",
    channel: "chat",
    seenAt: new Date(),
  });
  if (language) {
    await prisma.conversation.update({
      where: { id: world.conversationId },
      data: { language, languageSource: "detected" },
    });
  }
  const say = async (text: string) => {
    const posted = await postCustomerMessage(
      { conversationId: world.conversationId, text, sessionId: world.sessionId },
      context(),
    );
    await posted.completion;
    return posted;
  };
  return { ...world, say };
}

/** What the customer was sent, oldest first, by whom. */
async function sentToCustomer(conversationId: string) {
  const messages = await prisma.message.findMany({
    where: { conversationId, visibility: "customer", authorKind: { not: "customer" } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { authorKind: true, body: true },
  });
  return messages;
}

const flagOf = (conversationId: string) =>
  prisma.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    select: { needsPersonKind: true, needsPersonReason: true },
  });

const runsOf = (conversationId: string) => prisma.run.count({ where: { conversationId } });

describe("a conversation that waits for a person", () => {
  it("in a language the agent does not speak: flagged with the language, told once in English, and no run for any message", async () => {
    const chat = await chatWith("pl");
    const first = await chat.say("Dzień dobry, chcę zwrócić kurtkę przeciwdeszczową.");
    const second = await chat.say("Halo? Czy ktoś tam jest?");

    expect([first.runId, second.runId]).toEqual([null, null]);
    expect(await runsOf(chat.conversationId)).toBe(0);
    expect(await flagOf(chat.conversationId)).toEqual({
      needsPersonKind: "language_not_supported",
      needsPersonReason: expect.stringContaining("Polish (pl)"),
    });
    expect(await sentToCustomer(chat.conversationId)).toEqual([
      {
        authorKind: "system",
        body: "Thank you for your message. A person from our team will answer you here as soon as they can.\n\n— Countersign Support",
      },
    ]);
  });

  it("when the customer asks for a person in Spanish: told once in Spanish, paused until a person replies", async () => {
    const chat = await chatWith("es");
    const asked = await chat.say("Hola, quiero hablar con una persona, por favor.");
    expect(asked.runId).not.toBeNull();
    expect(await flagOf(chat.conversationId)).toMatchObject({
      needsPersonKind: "customer_needs_person",
    });
    const told = [
      {
        authorKind: "agent",
        body: "Gracias por tu mensaje. Una persona de nuestro equipo te responderá aquí lo antes posible.\n\n— Countersign Support",
      },
    ];
    expect(await sentToCustomer(chat.conversationId)).toEqual(told);

    const waiting = await chat.say("¿Hola? Sigo aquí.");
    expect(waiting.runId).toBeNull();
    expect(await runsOf(chat.conversationId)).toBe(1);
    expect(await sentToCustomer(chat.conversationId)).toEqual(told);

    await replyToCustomer(
      {
        conversationId: chat.conversationId,
        staffUserId: await staffIdOf(prisma, "agent"),
        text: "Hola Sam, soy Alex. ¿En qué te ayudo?",
      },
      context(),
    );
    expect(await flagOf(chat.conversationId)).toEqual({
      needsPersonKind: null,
      needsPersonReason: null,
    });
    const after = await chat.say("Quiero devolver la Rain jacket");
    expect(after.runId).not.toBeNull();
    expect(await runsOf(chat.conversationId)).toBe(2);
  });

  it("when the agent would ask which item twice running: hands over instead", async () => {
    const chat = await chatWith("en");
    await chat.say("I want to return something from my order");
    const [question] = await sentToCustomer(chat.conversationId);
    expect(question?.body).toContain("Which item would you like to return");
    await chat.say("I want to return a thing");
    expect(await flagOf(chat.conversationId)).toMatchObject({
      needsPersonKind: "question_unanswered",
    });
    const replies = await sentToCustomer(chat.conversationId);
    expect(replies).toHaveLength(2);
    expect(replies[1]?.body).toContain("A person from our team will answer you here");
  });

  it("still has the customer's consent applied by code, without an agent run", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "too-big");
    const [quote] = await actionsOf(prisma, story.conversationId);
    expect(quote?.status).toBe("awaiting_confirmation");
    await prisma.$transaction((tx) =>
      flagForPerson(tx, {
        conversationId: story.conversationId,
        flag: { kind: "customer_needs_person", reason: "Asked for a person." },
        actor: SYSTEM_ACTOR,
        now: new Date(),
      }),
    );
    const runsBefore = await runsOf(story.conversationId);
    const posted = await postCustomerMessage(
      { conversationId: story.conversationId, text: "yes", sessionId: story.sessionId ?? "" },
      context(),
    );
    await posted.completion;
    expect(posted.runId).toBeNull();
    expect(posted.outcome).toMatchObject({ intent: "confirm", to: "awaiting_approval" });
    expect(await runsOf(story.conversationId)).toBe(runsBefore);
    const [confirmed] = await actionsOf(prisma, story.conversationId);
    expect(confirmed?.status).toBe("awaiting_approval");
  });
});
