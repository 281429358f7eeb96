import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { actionsOf, beginStory, customerReplies } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";

/*
 * Issue 33: a shopper who declines the socks quote in their own words ("hmm no, I'll keep
 * them") declines it as the Decline button does; words that only look like a decline leave the
 * quote open, and none of them moves money.
 */

process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();

async function answerSocksQuote(text: string) {
  const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
  const [quote] = await actionsOf(prisma, story.conversationId);
  expect(quote?.status).toBe("awaiting_confirmation");
  await story.say(text);
  const [action] = await actionsOf(prisma, story.conversationId);
  const replies = await customerReplies(prisma, story.conversationId);
  return { action, lastReply: replies.at(-1) ?? "" };
}

describe("declining the socks quote in the customer's own words", () => {
  it.each([
    "hmm no, I'll keep them",
    "nah I'll just keep them",
    "on second thought I'll keep them",
  ])("%s declines it, audited, and is answered as a decline", async (text) => {
    const { action, lastReply } = await answerSocksQuote(text);
    expect(action?.status).toBe("declined");
    expect(lastReply).toMatch(/^No problem\./);
    const audited = await prisma.auditEvent.findMany({
      where: { kind: "pending_action.declined", subjectId: action?.id ?? "" },
    });
    expect(audited).toHaveLength(1);
    expect(await prisma.refund.count()).toBe(0);
  });

  it.each(["I won't keep them, they're broken", "👍"])(
    "%s leaves the quote open and refunds nothing",
    async (text) => {
      const { action } = await answerSocksQuote(text);
      expect(action?.status).toBe("awaiting_confirmation");
      expect(await prisma.refund.count()).toBe(0);
    },
  );

  it("a no that asks for another item replaces the quote instead of declining it", async () => {
    const { action } = await answerSocksQuote("no, refund the jacket instead");
    expect(action?.status).toBe("superseded");
    expect(await prisma.refund.count()).toBe(0);
  });
});
