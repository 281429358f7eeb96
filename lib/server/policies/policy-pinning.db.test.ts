import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { startStory } from "@/lib/server/services/intake/start-story";
import { actionsOf, beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { publishTestPolicy } from "@/tests/support/test-policy";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

const prisma = seededTestDatabase();

describe("a quote keeps the policy version it was made under", () => {
  it("a newly published version applies to the next quote and never to one already shown", async () => {
    const provider = createOfflineAgent();
    const before = await beginStory(prisma, provider, "small-refund");
    const [shown] = await actionsOf(prisma, before.conversationId);
    expect(shown).toMatchObject({ netRefundCents: 1260, needsApproval: false });

    const v2 = await publishTestPolicy(prisma, (document) => ({
      ...document,
      approval: { ...document.approval, autoApproveLimitCents: 1000 },
    }));

    const after = await startStory(
      { storyKey: "small-refund", freshCustomer: true },
      testUseCaseContext({ db: prisma, model: provider }),
    );
    expect(await after.completion).toBe("completed");
    const [next] = await actionsOf(prisma, after.conversationId);
    expect(next).toMatchObject({ netRefundCents: 1260, needsApproval: true });

    await before.say("yes");
    const settled = await prisma.pendingAction.findUniqueOrThrow({ where: { id: shown?.id } });
    expect([settled.status, settled.failureReason, settled.policyVersion]).toEqual([
      "executed",
      null,
      "refund-policy/v1",
    ]);
    const nextRow = await prisma.pendingAction.findUniqueOrThrow({ where: { id: next?.id } });
    expect(nextRow.policyVersion).toBe(v2);
    const events = await prisma.auditEvent.findMany({
      where: { subjectId: shown?.id, kind: { startsWith: "pending_action." } },
    });
    expect(events.length).toBeGreaterThan(2);
    for (const event of events) {
      expect(event.payload).toMatchObject({ policyVersion: "refund-policy/v1" });
    }
  });
});
