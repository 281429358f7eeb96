import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { followUpDecision } from "@/lib/server/services/approvals/follow-up-decision";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { launchRun } from "@/lib/server/services/runs/launch-run";
import { actionsOf, approverId, beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

const prisma = seededTestDatabase();
const provider = createOfflineAgent();

const statuses = (conversationId: string) =>
  prisma.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    select: { status: true, workflowStatus: true },
  });

describe("one status between conversation and ticket", () => {
  it("solves the ticket of a conversation the agent resolved, audited, and a new message reopens it", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    await story.say("yes");
    const [action] = await actionsOf(prisma, story.conversationId);
    const actionId = action?.id ?? "";
    const context = testUseCaseContext({ db: prisma, model: provider });
    await approveAction({ actionId, deciderId: await approverId(prisma) }, context);
    const { runId } = await followUpDecision({ actionId }, context);
    // The agent's turn telling the customer hands the conversation back as resolved.
    await launchRun({ runId }, testUseCaseContext({ db: prisma, model: provider }));

    expect(await statuses(story.conversationId)).toEqual({
      status: "resolved",
      workflowStatus: "solved",
    });
    const moved = await prisma.auditEvent.findMany({
      where: { conversationId: story.conversationId, kind: "ticket.status_changed" },
    });
    expect(moved.map((event) => event.payload)).toEqual([
      expect.objectContaining({ from: "open", to: "solved", cause: "resolved" }),
    ]);

    await story.say("One more question about my order, please.");
    expect((await statuses(story.conversationId)).workflowStatus).toBe("open");
  });
});
