import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { resetAndSeed } from "@/tests/db/test-database";
import { actionsOf, beginStory, customerReplies } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";

/*
 * Issue 33, as a shopper typed it in the chat widget: an order number or a charge reference
 * that is not on the customer's account is answered plainly, from the records, instead of with
 * a message they were sent before; whether it belongs to someone else is never told, and their
 * reference is never given back as the example of the right form.
 */

process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();

/** Sam, with the socks quote of story 5 open, says `text`; his earlier replies and the new one. */
async function samSays(text: string) {
  const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
  const before = await customerReplies(prisma, story.conversationId);
  await story.say(text);
  const after = await customerReplies(prisma, story.conversationId);
  expect(after).toHaveLength(before.length + 1);
  return { story, before, reply: after.at(-1) ?? "" };
}

describe("an order that is not the customer's", () => {
  it("is not found on their account, in the same words as an order that does not exist", async () => {
    const maya = await samSays("I want a refund for order A1043");
    expect(maya.reply).toMatch(/^I can't find order A1043 on your account\. /);
    expect(maya.reply).toContain("B2001, B2002");
    expect(maya.reply).not.toMatch(/coffee|mug|maya/i);
    expect(maya.before).not.toContain(maya.reply);
    const [socks] = await actionsOf(prisma, maya.story.conversationId);
    expect(socks?.status).toBe("awaiting_confirmation");

    await resetAndSeed(prisma);
    const missing = await samSays("I want a refund for order A1099");
    expect(missing.reply).toBe(maya.reply.replace("A1043", "A1099"));
  });

  it("is answered for a question too, and the quote it paused is named again", async () => {
    const { story, before, reply } = await samSays("Can I return the lamp from order C3001?");
    expect(reply).toMatch(/^I can't find order C3001 on your account\. /);
    expect(reply).toContain("$12.60 for Wool socks is on hold");
    expect(before).not.toContain(reply);
    expect(
      await prisma.pendingAction.count({ where: { conversationId: story.conversationId } }),
    ).toBe(1);
  });
});

describe("a charge reference that is not the customer's", () => {
  it("is not found on their account, and the form is described without their reference", async () => {
    const { reply } = await samSays("I don't recognise charge CH-77777 on my statement");
    expect(reply).toContain(
      "- I couldn't find a charge with the reference CH-77777 on your account.",
    );
    expect(reply.match(/77777/g)).toHaveLength(1);
    expect(reply).toContain('Our charge references start with "CH-" followed by digits');
    expect(reply).toContain("ask to talk to a person");
    expect(await prisma.disputeTicket.count()).toBe(0);
  });

  it("of another form is refused without being quoted back, instead of an earlier message", async () => {
    const { before, reply } = await samSays("payment PAY-4471 is not mine");
    expect(reply).toContain("- A reference you gave is not one of our charge references.");
    expect(reply).not.toContain("4471");
    expect(before).not.toContain(reply);
    expect(await prisma.disputeTicket.count()).toBe(0);
  });
});
