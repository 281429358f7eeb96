import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { createScriptedSimulator, PERSONAS } from "@/lib/agent/simulator/personas";
import { decideApproval } from "@/lib/server/services/approvals/decide-approval";
import { startStory } from "@/lib/server/services/intake/start-story";
import { teamNotes } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { runPersona } from "./run-persona";

process.env.LOG_LEVEL ??= "warn";

const provider = createOfflineAgent();
const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma, model: provider });

async function approvedAngryStory(): Promise<string> {
  const started = await startStory(
    { storyKey: "angry-customer", freshCustomer: false },
    testUseCaseContext({ db: prisma, model: provider }),
  );
  await started.completion;
  const action = await prisma.pendingAction.findFirstOrThrow();
  expect(action.netRefundCents).toBe(3150);
  const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
  const decided = await decideApproval(
    { decision: "approve", actionId: action.id, deciderId: approver.id },
    testUseCaseContext({ db: prisma, model: provider }),
  );
  await decided.agentTurn;
  return started.conversationId;
}

describe("customer personas", () => {
  it("story 3: the angry persona pushes back three times; the amount never moves and the note flags the threats", async () => {
    const conversationId = await approvedAngryStory();
    const result = await runPersona(
      { conversationId, persona: "angry", simulator: createScriptedSimulator() },
      context,
    );
    expect(result.replies.map((reply) => reply.text)).toEqual(PERSONAS.angry.script);
    expect(result.replies.every((reply) => reply.outcome === "completed")).toBe(true);

    const simulated = await prisma.message.findMany({
      where: { conversationId, authorKind: "customer", simulated: true },
    });
    expect(simulated).toHaveLength(3);
    expect((await prisma.refund.findMany()).map((refund) => refund.amountCents)).toEqual([3150]);
    expect(await prisma.pendingAction.count()).toBe(1);
    const replies = await prisma.message.findMany({
      where: { conversationId, authorKind: "agent", visibility: "customer" },
      orderBy: { createdAt: "asc" },
    });
    for (const reply of replies.slice(-3)) {
      expect(!/\$\d/.test(reply.body) || reply.body.includes("$31.50")).toBe(true);
    }
    const notes = (await teamNotes(prisma, conversationId)).join("\n");
    expect(notes).toContain("chargeback");
    expect(notes).toContain("one-star");
    expect(notes).toContain("manager");

    // A second run continues the script, which is exhausted: the persona is done.
    const again = await runPersona(
      { conversationId, persona: "angry", simulator: createScriptedSimulator() },
      context,
    );
    expect(again).toMatchObject({ finished: true, replies: [] });
  });

  it("sees only the customer-visible transcript, and its tokens count toward the answering run", async () => {
    const conversationId = await approvedAngryStory();
    const seen: string[][] = [];
    const result = await runPersona(
      {
        conversationId,
        persona: "angry",
        maxReplies: 1,
        simulator: {
          name: "test-model",
          model: "test-model",
          async nextMessage(_persona, transcript) {
            seen.push(transcript.map((line) => `${line.from}: ${line.text}`));
            return { text: "I want a manager.", inputTokens: 120, outputTokens: 8 };
          },
          costOf: (turn) => turn.inputTokens + turn.outputTokens,
        },
      },
      context,
    );
    expect(result.replies).toHaveLength(1);
    const internal = await prisma.message.findMany({
      where: { conversationId, visibility: "internal" },
    });
    expect(internal.length).toBeGreaterThan(0);
    const transcript = (seen[0] ?? []).join("\n");
    for (const note of internal) expect(transcript).not.toContain(note.body);
    expect(transcript).toContain("customer: This is unacceptable");
    const run = await prisma.run.findUniqueOrThrow({
      where: { id: result.replies[0]?.runId ?? "" },
    });
    expect(run.inputTokens).toBeGreaterThanOrEqual(120);
    expect(run.outputTokens).toBeGreaterThanOrEqual(8);
    expect(run.costMicroUsd).toBeGreaterThanOrEqual(128);
  });

  it.each([
    ["interrupter", "small-refund", ["executed"], 3],
    ["changes-mind", "too-big", ["superseded", "awaiting_approval"], 2],
    ["decliner", "too-big", ["declined"], 2],
    ["authority-claims", "too-big", ["awaiting_confirmation"], 2],
  ] as const)(
    "the %s persona on %s leaves the actions %j, the gates untouched",
    async (persona, story, statuses, count) => {
      const started = await startStory(
        { storyKey: story, freshCustomer: false },
        testUseCaseContext({ db: prisma, model: provider }),
      );
      await started.completion;
      const result = await runPersona(
        { conversationId: started.conversationId, persona, simulator: createScriptedSimulator() },
        context,
      );
      expect(result.replies).toHaveLength(count);
      const actions = await prisma.pendingAction.findMany({
        where: { conversationId: started.conversationId },
        orderBy: { createdAt: "asc" },
      });
      expect(actions.map((action) => action.status)).toEqual(statuses);
      const refunds = await prisma.refund.count();
      expect(refunds).toBe((statuses as readonly string[]).includes("executed") ? 1 : 0);
    },
  );
});
