import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { beginStory, staffIdOf } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { chooseLanguage, setConversationLanguageByStaff } from "./conversation-language";

const prisma = seededTestDatabase();

const languageOf = (conversationId: string) =>
  prisma.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    select: { language: true, languageSource: true },
  });

const languageEvents = (conversationId: string) =>
  prisma.auditEvent.findMany({
    where: { conversationId, kind: "conversation.language_set" },
    orderBy: { id: "asc" },
    select: { payload: true },
  });

/** A chat conversation with no messages yet, for Sam. */
async function newChatForSam(): Promise<string> {
  const sam = await prisma.customer.findFirstOrThrow({ where: { email: "sam@example.com" } });
  const conversation = await prisma.conversation.create({
    data: { channel: "chat", customerId: sam.id, subject: "Chat" },
  });
  return conversation.id;
}

async function say(
  conversationId: string,
  text: string,
  answeredBy: "agent" | "person" = "agent",
): Promise<void> {
  const context = testUseCaseContext({ db: prisma, model: createOfflineAgent() });
  const posted = await postCustomerMessage({ conversationId, text }, context);
  // A language Countersign does not speak goes to a person: no agent run answers it.
  expect(await posted.completion).toBe(answeredBy === "agent" ? "completed" : "not_claimed");
}

describe("a conversation's language", () => {
  it("stays unknown through a few words, then locks from the customer's words and keeps it", async () => {
    const conversationId = await newChatForSam();
    await say(conversationId, "hola");
    expect(await languageOf(conversationId)).toEqual({ language: null, languageSource: null });

    await say(conversationId, "La chaqueta de lluvia me queda grande, quiero devolverla");
    expect(await languageOf(conversationId)).toEqual({
      language: "es",
      languageSource: "detected",
    });

    // Detection never changes its own answer: an English message later leaves Spanish in place.
    await say(conversationId, "Actually I would rather write in English from now on, thank you");
    expect(await languageOf(conversationId)).toEqual({
      language: "es",
      languageSource: "detected",
    });
    expect((await languageEvents(conversationId)).map((event) => event.payload)).toEqual([
      { conversationId, language: "es", previous: null, source: "detected" },
    ]);
  });

  it("locks the story's English opener, and records a language it does not speak as it is", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "too-big");
    expect(await languageOf(story.conversationId)).toEqual({
      language: "en",
      languageSource: "detected",
    });

    const conversationId = await newChatForSam();
    await say(conversationId, "Dzień dobry, kurtka przeciwdeszczowa jest za duża.", "person");
    expect(await languageOf(conversationId)).toEqual({
      language: "pl",
      languageSource: "detected",
    });
  });

  it("lets staff and the customer choose, and detection never overrules a choice", async () => {
    const conversationId = await newChatForSam();
    const agentId = await staffIdOf(prisma, "agent");
    await setConversationLanguageByStaff(
      { conversationId, staff: { id: agentId, role: "agent" }, language: "de" },
      testUseCaseContext({ db: prisma }),
    );
    await say(conversationId, "La chaqueta de lluvia me queda grande, quiero devolverla");
    expect(await languageOf(conversationId)).toEqual({ language: "de", languageSource: "staff" });

    const sam = await prisma.customer.findFirstOrThrow({ where: { email: "sam@example.com" } });
    await prisma.$transaction((tx) =>
      chooseLanguage(tx, {
        conversationId,
        language: "ja",
        source: "customer",
        actor: { type: "customer", customerId: sam.id },
        now: new Date(),
      }),
    );
    expect(await languageOf(conversationId)).toEqual({
      language: "ja",
      languageSource: "customer",
    });
    const events = await prisma.auditEvent.findMany({
      where: { conversationId, kind: "conversation.language_set" },
      orderBy: { id: "asc" },
      select: { payload: true, actorKind: true, actorId: true },
    });
    expect(events).toEqual([
      {
        payload: { conversationId, language: "de", previous: null, source: "staff" },
        actorKind: "staff",
        actorId: agentId,
      },
      {
        payload: { conversationId, language: "ja", previous: "de", source: "customer" },
        actorKind: "customer",
        actorId: sam.id,
      },
    ]);
  });

  it("refuses a conversation outside the member's workspaces", async () => {
    const conversationId = await newChatForSam();
    await expect(
      setConversationLanguageByStaff(
        { conversationId, staff: { id: "nobody", role: "admin" }, language: "es" },
        testUseCaseContext({ db: prisma }),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
