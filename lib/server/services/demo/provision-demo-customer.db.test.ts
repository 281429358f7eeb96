import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { DEMO_STORIES } from "@/lib/server/services/intake/demo-stories";
import { playStoryFollowUp } from "@/lib/server/services/intake/play-story-follow-up";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { startStory } from "@/lib/server/services/intake/start-story";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { provisionDemoCustomer } from "./provision-demo-customer";

const prisma = seededTestDatabase();

async function playSmallRefund(): Promise<string> {
  const provider = createOfflineAgent();
  const started = await startStory(
    { storyKey: "small-refund", freshCustomer: true },
    testUseCaseContext({ db: prisma, model: provider }),
  );
  expect(await started.completion).toBe("completed");
  const posted = await postCustomerMessage(
    { conversationId: started.conversationId, text: "yes", sessionId: started.sessionId ?? "" },
    testUseCaseContext({ db: prisma, model: provider }),
  );
  expect(await posted.completion).toBe("completed");
  return started.conversationId;
}

// Where each menu story ends after its scripted customer lines (scenarios 1–12; 13 needs a crash).
const STORY_END_STATES: Record<string, { actions: [string, number][]; disputes: number[] }> = {
  "cracked-on-arrival": { actions: [["awaiting_approval", 4800]], disputes: [] },
  "past-30-days": { actions: [], disputes: [] },
  "angry-customer": { actions: [["awaiting_approval", 3150]], disputes: [] },
  "too-big": { actions: [["awaiting_approval", 8010]], disputes: [] },
  "small-refund": { actions: [["executed", 1260]], disputes: [] },
  "opened-electronics": { actions: [["awaiting_approval", 10965]], disputes: [] },
  "billing-dispute": { actions: [], disputes: [11998, 1250] },
  "yes-but-first": { actions: [["executed", 1260]], disputes: [] },
  replacement: {
    actions: [
      ["superseded", 8010],
      ["awaiting_approval", 10965],
    ],
    disputes: [],
  },
  "stale-hold": { actions: [["expired", 1260]], disputes: [] },
  "authority-claims": { actions: [["awaiting_confirmation", 8010]], disputes: [] },
  "double-approval": { actions: [["awaiting_approval", 8010]], disputes: [] },
};

async function playWholeStory(storyKey: string) {
  const provider = createOfflineAgent();
  const context = testUseCaseContext({ db: prisma, model: provider });
  const started = await startStory({ storyKey, freshCustomer: true }, context);
  expect(await started.completion).toBe("completed");
  const story = DEMO_STORIES.find((candidate) => candidate.key === storyKey);
  // The stale hold's "yes" comes after the quote's 10 minutes.
  const now = storyKey === "stale-hold" ? new Date(Date.now() + 11 * 60_000) : undefined;
  for (const _line of story?.followUps ?? []) {
    const played = await playStoryFollowUp(
      { conversationId: started.conversationId },
      { ...context, ...(now && { now: fixedClock(now) }) },
    );
    expect(await played.completion).toBe("completed");
  }
  const [actions, disputes] = await Promise.all([
    prisma.pendingAction.findMany({
      where: { conversationId: started.conversationId },
      orderBy: { createdAt: "asc" },
    }),
    prisma.disputeTicket.findMany({
      where: { conversationId: started.conversationId },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return {
    actions: actions.map((action): [string, number] => [action.status, action.netRefundCents]),
    disputes: disputes.map((dispute) => dispute.amountCents),
  };
}

describe("demo copies of seeded customers", () => {
  it("plays every menu story twice in a row, in order, each time to the scenario's outcome", async () => {
    for (const round of [1, 2]) {
      for (const story of DEMO_STORIES.filter((candidate) => !candidate.terminalCommand)) {
        expect(
          { round, story: story.key, ...(await playWholeStory(story.key)) },
          `round ${round}`,
        ).toEqual({ round, story: story.key, ...STORY_END_STATES[story.key] });
      }
    }
  }, 240_000);

  it("copies the customer's orders, lines and charges with the seed's numbers and a plus-addressed email", async () => {
    const copy = await provisionDemoCustomer(prisma, {
      seedEmail: "ana@example.com",
      now: new Date(),
    });
    expect(copy.email).toMatch(/^ana\+demo-[0-9a-f]{8}@example\.com$/);
    const orders = await prisma.order.findMany({
      where: { customerId: copy.id },
      include: { lines: true, charges: true },
    });
    expect(orders.map((order) => order.number)).toEqual(["C3001"]);
    expect(orders[0]?.lines.map((line) => line.unitPriceCents)).toEqual([5999]);
    expect(orders[0]?.charges.map((charge) => charge.reference).sort()).toEqual([
      "CH-88301",
      "CH-88302",
      "CH-88310",
    ]);
    expect(await prisma.customer.count({ where: { demoOf: "ana@example.com" } })).toBe(1);
  });

  it("lets the same story refund the same item twice in a row, each on its own copy, the seed untouched", async () => {
    const first = await playSmallRefund();
    const second = await playSmallRefund();
    const refunds = await prisma.refund.findMany({ include: { customer: true } });
    expect(refunds.map((refund) => refund.amountCents)).toEqual([1260, 1260]);
    expect(new Set(refunds.map((refund) => refund.customerId)).size).toBe(2);
    expect(refunds.every((refund) => refund.customer.demoOf === "sam@example.com")).toBe(true);
    const seedSam = await prisma.customer.findFirstOrThrow({
      where: { email: "sam@example.com" },
    });
    expect(await prisma.refund.count({ where: { customerId: seedSam.id } })).toBe(0);
    expect(first).not.toBe(second);
  });

  it("refuses a story only a terminal can show when it is started from the menu", async () => {
    await expect(
      startStory(
        { storyKey: "crash-after-refund", fromMenu: true, freshCustomer: true },
        testUseCaseContext({ db: prisma }),
      ),
    ).rejects.toThrow(/npm run test:db -- crash-recovery/);
    expect(await prisma.conversation.count()).toBe(0);
  });

  it("refuses to copy someone who is not a demo customer", async () => {
    await expect(
      provisionDemoCustomer(prisma, { seedEmail: "nobody@example.com", now: new Date() }),
    ).rejects.toThrow(/not a demo customer/);
  });
});
