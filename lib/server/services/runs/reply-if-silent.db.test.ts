import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { createOpenAiChatProvider } from "@/lib/agent/model/openai-chat";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { fakeModelConfig, fakeOpenAiServerForTests } from "@/tests/support/fake-model-for-tests";
import type { ScriptedReply } from "@/tests/support/fake-openai-server";
import { beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { replyIfRunWasSilent } from "./reply-if-silent";
import { requestAgentTurn } from "./request-agent-turn";

process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();
const fake = fakeOpenAiServerForTests();

const hostile = () => createOpenAiChatProvider(fakeModelConfig(fake));

const send = (body: string): ScriptedReply => ({
  type: "reply",
  toolCalls: [{ name: "send_customer_message", arguments: JSON.stringify({ body }) }],
});

// Everything the customer can read after their message: agent replies, code-built messages.
async function seenByCustomerAfter(conversationId: string, since: Date) {
  const messages = await prisma.message.findMany({
    where: {
      conversationId,
      visibility: "customer",
      authorKind: { not: "customer" },
      createdAt: { gt: since },
    },
    orderBy: { createdAt: "asc" },
  });
  return messages.map((message) => message.body);
}

async function say(
  story: { conversationId: string; sessionId: string | null },
  text: string,
  provider: ModelProvider,
) {
  const posted = await postCustomerMessage(
    {
      conversationId: story.conversationId,
      text,
      ...(story.sessionId && { sessionId: story.sessionId }),
    },
    testUseCaseContext({ db: prisma, model: provider }),
  );
  expect(await posted.completion).toBe("completed");
  return posted;
}

describe("a run that heard a customer says something to them", () => {
  it("answers a customer who changes their mind twice while a quote is open (offline agent), with no internal id", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "too-big");
    const actionIds = async () =>
      (
        await prisma.pendingAction.findMany({ where: { conversationId: story.conversationId } })
      ).map((action) => action.id);
    for (const text of [
      "Actually, refund the wool socks instead.",
      "No wait, the rain jacket.",
      "Refund the socks after all.",
    ]) {
      const since = new Date();
      await say(story, text, createOfflineAgent());
      const seen = await seenByCustomerAfter(story.conversationId, since);
      expect(seen.length, `a reply to ${JSON.stringify(text)}`).toBeGreaterThan(0);
      for (const body of seen) {
        for (const id of await actionIds())
          expect(body.toLowerCase()).not.toContain(id.slice(0, 8));
      }
    }
  });

  it("sends one holding reply from the records and flags a person when every reply is refused", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
    fake.enqueue(send("Your refund has been issued!"), send("Su reembolso fue aprobado."), {
      type: "reply",
      text: "",
    });
    const since = new Date();
    await say(story, "hello", hostile());

    expect(await seenByCustomerAfter(story.conversationId, since)).toEqual([
      "Your quote for Wool socks ($12.60) is still open; use Confirm or Decline, or tell me what you'd like instead.\n\n— Countersign Support",
    ]);
    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: story.conversationId },
    });
    expect(conversation.needsPersonKind).toBe("agent_could_not_reply");
    expect(conversation.needsPersonReason).toContain("none of the agent's 2 replies");
    expect(
      await prisma.auditEvent.count({
        where: { kind: "conversation.flagged_for_person", conversationId: story.conversationId },
      }),
    ).toBe(1);

    // A run resumed after a crash at its end finds the reply already made: nothing twice.
    const run = await prisma.run.findFirstOrThrow({
      where: { conversationId: story.conversationId },
      orderBy: { createdAt: "desc" },
    });
    await replyIfRunWasSilent(prisma, run.id, {
      id: story.conversationId,
      channel: "chat",
      subject: conversation.subject,
      customerId: conversation.customerId,
      customerEmail: "sam@example.com",
    });
    expect(await seenByCustomerAfter(story.conversationId, since)).toHaveLength(1);
  });

  it("sends a plain holding reply when no quote is open and the model says nothing at all", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
    await say(story, "no", createOfflineAgent());
    fake.enqueue({ type: "reply", text: "" });
    const since = new Date();
    await say(story, "hello", hostile());
    expect(await seenByCustomerAfter(story.conversationId, since)).toEqual([
      "A member of our team will reply here shortly.\n\n— Countersign Support",
    ]);
  });

  it("owes no reply for a run no customer started (a staff turn with nothing to say)", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
    fake.enqueue({ type: "reply", text: "" });
    const since = new Date();
    const turn = await requestAgentTurn(
      { conversationId: story.conversationId, note: "Nothing new." },
      testUseCaseContext({ db: prisma, model: hostile() }),
    );
    expect(await turn.completion).toBe("completed");
    expect(await seenByCustomerAfter(story.conversationId, since)).toEqual([]);
    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: story.conversationId },
    });
    expect(conversation.needsPersonKind).toBeNull();
  });
});
