import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { decideApproval } from "@/lib/server/services/approvals/decide-approval";
import { actionsOf, beginStory } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { getTicketActivity } from "./get-ticket-activity";

const prisma = seededTestDatabase();
const provider = createOfflineAgent();

describe("getTicketActivity", () => {
  it("tells a paid refund's ticket in order, naming the approver and the payment provider", async () => {
    const story = await beginStory(prisma, provider, "cracked-on-arrival");
    const [action] = await actionsOf(prisma, story.conversationId);
    const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
    const { result } = await decideApproval(
      { decision: "approve", actionId: action?.id ?? "", deciderId: approver.id },
      testUseCaseContext({ db: prisma, model: provider }),
    );
    expect(result).toMatchObject({ status: "executed" });

    const activity = await getTicketActivity(
      { conversationId: story.conversationId, staffUserId: approver.id },
      { db: prisma },
    );
    const sentences = activity.lines.map((line) => line.sentence);
    const storyOrder = [
      "The agent proposed a $48.00 refund (arrived damaged)",
      `${approver.name} approved the $48.00 refund`,
      "Built-in ledger refunded $48.00 to Visa •4242",
      "The $48.00 refund went through",
    ];
    expect(sentences.filter((sentence) => storyOrder.includes(sentence))).toEqual(storyOrder);
    expect(activity.truncated).toBe(false);
  });

  it("answers a ticket of another workspace as not found", async () => {
    const story = await beginStory(prisma, provider, "cracked-on-arrival");
    const outsider = await prisma.staffUser.create({
      data: {
        email: `outsider-${Date.now()}@example.com`,
        name: "Outsider",
        role: "admin",
        passwordHash: "x",
      },
    });
    await expect(
      getTicketActivity(
        { conversationId: story.conversationId, staffUserId: outsider.id },
        { db: prisma },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
