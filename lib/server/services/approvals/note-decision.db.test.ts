import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { followUpDecision } from "@/lib/server/services/approvals/follow-up-decision";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { cancelConfirmedRefund } from "@/lib/server/services/pending-actions/cancel-confirmed-refund";
import { actionsOf, approverId, beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

const prisma = seededTestDatabase();
const provider = createOfflineAgent();
const context = testUseCaseContext({ db: prisma, model: provider });

async function staffNotes(conversationId: string): Promise<string[]> {
  const notes = await prisma.message.findMany({
    where: { conversationId, authorKind: "staff", visibility: "internal" },
    orderBy: { createdAt: "asc" },
  });
  return notes.map(({ body }) => body);
}

describe("decision notes", () => {
  it("say the customer cancelled, not that the refund was approved, when the cancel commits between the approval and the payment", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    await story.say("yes");
    const [action] = await actionsOf(prisma, story.conversationId);
    const actionId = action?.id ?? "";
    expect(action?.status).toBe("awaiting_approval");

    await approveAction({ actionId, deciderId: await approverId(prisma) }, context);
    await cancelConfirmedRefund(
      {
        actionId,
        conversationId: story.conversationId,
        customerId: action?.customerId ?? "",
        messageId: null,
      },
      context,
    );
    // What the approving request (or its follow-up job) does next: pay, then note.
    expect(await followUpDecision({ actionId }, context)).toEqual({
      outcome: "noted",
      runId: null,
    });

    const [settled] = await actionsOf(prisma, story.conversationId);
    expect(settled?.status).toBe("declined");
    expect(await prisma.refund.count({ where: { pendingActionId: actionId } })).toBe(0);
    const notes = await staffNotes(story.conversationId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).not.toMatch(/approved the refund/i);
    expect(notes[0]).toMatch(/^The customer cancelled the refund of \$80\.10 .*nothing was paid/);
  });

  it("say the refund was approved when it was paid", async () => {
    const story = await beginStory(prisma, provider, "too-big");
    await story.say("yes");
    const [action] = await actionsOf(prisma, story.conversationId);
    const actionId = action?.id ?? "";
    await approveAction({ actionId, deciderId: await approverId(prisma) }, context);
    await followUpDecision({ actionId }, context);

    const [settled] = await actionsOf(prisma, story.conversationId);
    expect(settled?.status).toBe("executed");
    expect(await staffNotes(story.conversationId)).toEqual([
      expect.stringMatching(/^Approved the refund of \$80\.10 \(quote [0-9a-f]{8}\)\.$/),
    ]);
  });
});
