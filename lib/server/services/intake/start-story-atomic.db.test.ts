import { afterEach, describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { allowMessageInserts, refuseMessageInserts } from "@/tests/support/refuse-message-inserts";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { startStory } from "./start-story";

const prisma = seededTestDatabase();
afterEach(async () => {
  await allowMessageInserts(prisma);
});

describe("starting a story", () => {
  it("leaves nothing behind when its first message cannot be stored", async () => {
    // Stands in for the database failing between creating the conversation and storing the
    // message (a lost connection, a full disk): the message insert fails.
    await refuseMessageInserts(prisma);

    await expect(
      startStory(
        { storyKey: "small-refund", freshCustomer: false },
        testUseCaseContext({ db: prisma, model: createOfflineAgent() }),
      ),
    ).rejects.toThrow(/messages are refused/);

    expect(await prisma.conversation.count()).toBe(0);
    expect(await prisma.customerSession.count()).toBe(0);
    expect(await prisma.run.count()).toBe(0);
  });

  it("stores the conversation, its session, the first message and its run together", async () => {
    const started = await startStory(
      { storyKey: "small-refund", freshCustomer: false },
      testUseCaseContext({ db: prisma, model: createOfflineAgent() }),
    );
    expect(await started.completion).toBe("completed");
    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: started.conversationId },
      include: { messages: { where: { authorKind: "customer" } }, runs: true },
    });
    expect(conversation.messages.map((message) => message.sessionId)).toEqual([started.sessionId]);
    expect(conversation.runs.map((run) => [run.id, run.status])).toEqual([
      [started.runId, "completed"],
    ]);
  });
});
