import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { createOpenAiChatProvider } from "@/lib/agent/model/openai-chat";
import { createOpenAiResponsesProvider } from "@/lib/agent/model/openai-responses";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { SUPPORT_SIGNATURE } from "@/lib/agent/tools/send-customer-message.tool";
import { REPLY_PREVIEW_CHANNEL, type ReplyPreview } from "@/lib/server/realtime/reply-previews";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { fakeModelConfig, fakeOpenAiServerForTests } from "@/tests/support/fake-model-for-tests";
import { beginStory, customerReplies } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();
const fake = fakeOpenAiServerForTests();
let listener: pg.Client;
let heard: ReplyPreview[] = [];

beforeAll(async () => {
  listener = new pg.Client({ connectionString: inject("databaseUrl") });
  await listener.connect();
  listener.on("notification", (message) => heard.push(JSON.parse(message.payload ?? "")));
  await listener.query(`LISTEN ${REPLY_PREVIEW_CHANNEL}`);
});
afterAll(async () => {
  await listener.end();
});
beforeEach(() => {
  heard = [];
});

// Notifications arrive asynchronously on the listening connection; the clear is the last one.
async function previewsUntilCleared(conversationId: string): Promise<ReplyPreview[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mine = heard.filter((preview) => preview.conversationId === conversationId);
    if (mine.at(-1)?.text === null) return mine;
    if (Date.now() > deadline) throw new Error(`no clear among ${JSON.stringify(mine)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const config = () => fakeModelConfig(fake);

const wireModes: [string, () => ModelProvider][] = [
  ["chat wire format", () => createOpenAiChatProvider(config())],
  ["Responses API", () => createOpenAiResponsesProvider(config())],
];

const withoutSignature = (body: string) => body.replace(`\n\n${SUPPORT_SIGNATURE}`, "");

describe("reply previews", () => {
  it("streams the offline agent's reply sentence by sentence, each a prefix of the stored message, then withdraws it", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
    heard = [];
    await story.say("What is your refund policy for socks?");
    const previews = await previewsUntilCleared(story.conversationId);
    const stored = (await customerReplies(prisma, story.conversationId)).at(-1);
    if (stored === undefined) throw new Error("the agent must have replied");

    const texts = previews.flatMap((preview) => (preview.text === null ? [] : [preview.text]));
    expect(texts.length).toBeGreaterThan(1);
    expect(new Set(previews.map((preview) => preview.previewId)).size).toBe(1);
    for (const [index, text] of texts.entries()) {
      expect(withoutSignature(stored).startsWith(text)).toBe(true);
      if (index > 0) expect(text.length).toBeGreaterThan((texts[index - 1] ?? "").length);
    }
    // The previews are the agent's own words; the status statement code renders follows them.
    const lastPreview = texts.at(-1) ?? "";
    expect(withoutSignature(stored).slice(lastPreview.length)).toMatch(
      /^\n\nYour refund of \$12\.60/,
    );
    expect(previews.at(-1)).toEqual({ ...previews[0], text: null });
  });

  it.each(wireModes)(
    "never previews what the supervisor refuses (%s): the refused reply stops at its last true sentence and is withdrawn",
    async (_mode, model) => {
      const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
      heard = [];
      fake.enqueue(
        {
          type: "reply",
          text: "Thanks for waiting. Your $9,999.99 has been credited. Anything else?",
        },
        {
          type: "reply",
          toolCalls: [
            {
              name: "send_customer_message",
              arguments: JSON.stringify({
                body: "Thanks for waiting. Your quote for Wool socks is $12.60.",
              }),
            },
          ],
        },
        { type: "reply", text: "" },
      );
      const provider = model();
      const posted = await postCustomerMessage(
        {
          conversationId: story.conversationId,
          text: "How much will I get back",
          ...(story.sessionId && { sessionId: story.sessionId }),
        },
        testUseCaseContext({ db: prisma, model: provider }),
      );
      expect(await posted.completion).toBe("completed");
      const previews = await previewsUntilCleared(story.conversationId);
      const stored = (await customerReplies(prisma, story.conversationId)).at(-1) ?? "";
      expect(withoutSignature(stored)).toBe(
        "Thanks for waiting. Your quote for Wool socks is $12.60.",
      );

      const [refused, accepted] = [...new Set(previews.map((preview) => preview.previewId))];
      const textsOf = (previewId: string | undefined) =>
        previews
          .filter((preview) => preview.previewId === previewId)
          .map((preview) => preview.text);
      expect(textsOf(refused)).toEqual(["Thanks for waiting.", null]);
      const acceptedTexts = textsOf(accepted).slice(0, -1);
      // Streamed in pieces, so it grew sentence by sentence.
      expect(acceptedTexts).toEqual([
        "Thanks for waiting.",
        "Thanks for waiting. Your quote for Wool socks is $12.60.",
      ]);
      for (const text of acceptedTexts) {
        expect(withoutSignature(stored).startsWith(text ?? "")).toBe(true);
      }
      expect(textsOf(accepted).at(-1)).toBeNull();
      expect(JSON.stringify(previews)).not.toContain("9,999");
    },
  );

  it.each(wireModes)(
    "never previews what a customer could not read (%s): the preview stops at its last readable sentence",
    async (_mode, model) => {
      const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
      heard = [];
      fake.enqueue(
        {
          type: "reply",
          text: "Thanks for waiting. Московсейшоemento飛 trickyrichtungこ. Anything else?",
        },
        { type: "reply", text: "Thanks for waiting. Anything else I can help with?" },
      );
      const posted = await postCustomerMessage(
        {
          conversationId: story.conversationId,
          text: "Hello?",
          ...(story.sessionId && { sessionId: story.sessionId }),
        },
        testUseCaseContext({ db: prisma, model: model() }),
      );
      expect(await posted.completion).toBe("completed");
      const previews = await previewsUntilCleared(story.conversationId);
      const [refused] = [...new Set(previews.map((preview) => preview.previewId))];
      expect(
        previews.filter((preview) => preview.previewId === refused).map((preview) => preview.text),
      ).toEqual(["Thanks for waiting.", null]);
      expect(JSON.stringify(previews)).not.toContain("Москов");
    },
  );

  it("sends no previews for an email conversation", async () => {
    const email = await beginStory(prisma, createOfflineAgent(), "past-30-days");
    expect(await customerReplies(prisma, email.conversationId)).toHaveLength(1);
    // A chat reply after it is previewed, so nothing heard for the email means none was sent.
    const chat = await beginStory(prisma, createOfflineAgent(), "small-refund");
    await chat.say("What is your refund policy for socks?");
    await previewsUntilCleared(chat.conversationId);
    expect(heard.filter((preview) => preview.conversationId === email.conversationId)).toEqual([]);
  });
});
