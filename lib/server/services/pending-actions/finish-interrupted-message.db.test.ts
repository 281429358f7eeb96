import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { advanceRun } from "@/lib/server/services/runs/advance-run";
import { actionsOf, beginStory, customerReplies, intentNotes } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

/*
 * A request stores the customer's "yes" with the run that answers it, reserved for itself, and
 * dies before applying the intent. Whoever takes the run over applies it first.
 */

const prisma = seededTestDatabase();
const provider = createOfflineAgent();
process.env.LOG_LEVEL ??= "silent";

// What the dead request left: the message and a run reserved for it by a process now gone.
async function leftByDeadRequest(conversationId: string, messageId: string) {
  return prisma.run.create({
    data: {
      conversationId,
      triggerMessageId: messageId,
      provider: provider.id,
      model: provider.model,
      leaseOwner: `dead-process/reserved:${messageId}`,
      leaseExpiresAt: new Date(Date.now() - 1_000),
    },
  });
}

describe("a customer message whose request died before its intent was applied", () => {
  it("is applied by whoever takes its run over, before the agent answers", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    const [quoted] = await actionsOf(prisma, story.conversationId);
    expect(quoted?.status).toBe("awaiting_confirmation");
    const yes = await prisma.message.create({
      data: {
        conversationId: story.conversationId,
        authorKind: "customer",
        visibility: "customer",
        body: "yes",
        sessionId: story.sessionId,
      },
    });
    const run = await leftByDeadRequest(story.conversationId, yes.id);

    expect(
      await advanceRun({ runId: run.id }, testUseCaseContext({ db: prisma, model: provider })),
    ).toBe("completed");

    const [action] = await actionsOf(prisma, story.conversationId);
    expect(action?.status).toBe("awaiting_approval");
    expect((await intentNotes(prisma, story.conversationId)).at(-1)?.noteData).toMatchObject({
      intent: "confirm",
      outcome: { kind: "moved", to: "awaiting_approval" },
    });
    // The agent answered the applied "yes", not a quote still waiting for it.
    const reply = (await customerReplies(prisma, story.conversationId)).at(-1) ?? "";
    expect(reply).not.toMatch(/still need your confirmation/i);
  });

  it.each([
    ["yes", "confirm"],
    ["no thanks", "decline"],
  ])(
    "binds a typed %s to the quote on screen when it was sent, never to one presented after it",
    async (text, intent) => {
      const story = await beginStory(prisma, provider, "too-big");
      const [quoted] = await actionsOf(prisma, story.conversationId);
      expect(quoted?.status).toBe("awaiting_confirmation");
      const presentation = await prisma.message.findFirstOrThrow({
        where: { conversationId: story.conversationId, presentedActionId: quoted?.id },
        select: { createdAt: true },
      });
      // The customer answered before this quote was on their screen (to nothing, or to an earlier
      // one); the request died, and by the time another process takes over the agent has presented
      // this quote. The answer must not become a confirmation or a refusal of it.
      const yes = await prisma.message.create({
        data: {
          conversationId: story.conversationId,
          authorKind: "customer",
          visibility: "customer",
          body: text,
          sessionId: story.sessionId,
          createdAt: new Date(presentation.createdAt.getTime() - 1_000),
        },
      });
      const run = await leftByDeadRequest(story.conversationId, yes.id);

      expect(
        await advanceRun({ runId: run.id }, testUseCaseContext({ db: prisma, model: provider })),
      ).toBe("completed");

      const [action] = await actionsOf(prisma, story.conversationId);
      expect(action?.status).toBe("awaiting_confirmation");
      const answered = await prisma.auditEvent.count({
        where: {
          subjectId: quoted?.id,
          kind: { in: ["pending_action.confirmed", "pending_action.declined"] },
        },
      });
      expect(answered).toBe(0);
      expect((await intentNotes(prisma, story.conversationId)).at(-1)?.noteData).toMatchObject({
        intent,
        outcome: { kind: "refused" },
      });
    },
  );

  it("moves nothing twice when the dead request had applied it and only its note was lost", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    const posted = await story.say("yes");
    const [action] = await actionsOf(prisma, story.conversationId);
    expect(action?.status).toBe("awaiting_approval");
    await prisma.message.deleteMany({
      where: {
        conversationId: story.conversationId,
        dedupeKey: `intent-outcome:${posted.messageId}`,
      },
    });
    const run = await leftByDeadRequest(story.conversationId, posted.messageId);

    expect(
      await advanceRun({ runId: run.id }, testUseCaseContext({ db: prisma, model: provider })),
    ).toBe("completed");

    expect((await actionsOf(prisma, story.conversationId)).map((a) => a.status)).toEqual([
      "awaiting_approval",
    ]);
    const events = await prisma.auditEvent.findMany({
      where: {
        subjectId: action?.id,
        kind: { in: ["pending_action.confirmed", "pending_action.transition_refused"] },
      },
      select: { kind: true },
    });
    expect(events.map((event) => event.kind)).toEqual(["pending_action.confirmed"]);
    const refused = (await intentNotes(prisma, story.conversationId)).filter(
      (note) => (note.noteData as { outcome?: { kind?: string } }).outcome?.kind === "refused",
    );
    expect(refused).toEqual([]);
  });
});
