import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { createOpenAiChatProvider } from "@/lib/agent/model/openai-chat";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { listApprovalQueue } from "@/lib/server/services/approvals/list-approval-queue";
import {
  postCustomerMessage,
  postOpeningMessage,
} from "@/lib/server/services/intake/post-customer-message";
import { fakeModelConfig, fakeOpenAiServerForTests } from "@/tests/support/fake-model-for-tests";
import type { ScriptedReply } from "@/tests/support/fake-openai-server";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { publishTestPolicy } from "@/tests/support/test-policy";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

// Code under test reads its configuration through env.ts.
process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();
const fake = fakeOpenAiServerForTests();

const scriptedModel = (): ModelProvider => createOpenAiChatProvider(fakeModelConfig(fake));

const propose = (lineIds: string[], reason: string): ScriptedReply => ({
  type: "reply",
  toolCalls: [
    {
      name: "propose_refund",
      arguments: JSON.stringify({ orderNumber: "B2001", lineIds, reason }),
    },
  ],
});
const finish: ScriptedReply = { type: "reply", text: "" };

/** Sam opens a chat with `text`, through the same path as the widget's first message. */
async function samSays(text: string, provider: ModelProvider) {
  const posted = await postOpeningMessage(
    {
      open: async (tx) => {
        const customer = await tx.customer.findFirstOrThrow({
          where: { email: "sam@example.com" },
        });
        const conversation = await tx.conversation.create({
          data: { channel: "chat", customerId: customer.id, subject: "Return" },
        });
        const session = await tx.customerSession.create({
          data: {
            customerId: customer.id,
            conversationId: conversation.id,
            tokenHash: createHash("sha256").update(randomBytes(32)).digest("hex"),
          },
        });
        return { conversationId: conversation.id, customerId: customer.id, sessionId: session.id };
      },
      text,
    },
    testUseCaseContext({ db: prisma, model: provider }),
  );
  expect(await posted.completion).toBe("completed");
  return {
    conversationId: posted.conversationId,
    async say(reply: string) {
      const next = await postCustomerMessage(
        {
          conversationId: posted.conversationId,
          text: reply,
          sessionId: posted.sessionId ?? undefined,
        },
        testUseCaseContext({ db: prisma, model: provider }),
      );
      expect(await next.completion).toBe("completed");
    },
  };
}

async function lineIdOf(sku: string): Promise<string> {
  return (await prisma.orderLine.findFirstOrThrow({ where: { sku } })).id;
}

async function actionsOf(conversationId: string) {
  return prisma.pendingAction.findMany({
    where: { conversationId },
    orderBy: { createdAt: "asc" },
  });
}

async function proposeResults(conversationId: string) {
  const steps = await prisma.runStep.findMany({
    where: { run: { conversationId }, kind: "tool_result", toolName: "propose_refund" },
    orderBy: { createdAt: "asc" },
  });
  return steps.map((step) => ({
    isError: step.isError,
    result: step.toolResult as { error?: string },
  }));
}

describe("a merchant-fault reason never moves money on words alone", () => {
  it("socks too small with a passing remark about damage to something else: $12.60, not $20.00", async () => {
    const chat = await samSays(
      "The wool socks are too small. Also my neighbour's parcel arrived damaged on my doorstep.",
      createOfflineAgent(),
    );
    const [quoted, ...others] = await actionsOf(chat.conversationId);
    expect(others).toHaveLength(0);
    expect(quoted).toMatchObject({
      reason: "too_small",
      netRefundCents: 1260,
      lineIds: [await lineIdOf("APP-SOCK-01")],
    });
    await chat.say("yes");
    expect((await prisma.refund.findMany()).map((refund) => refund.amountCents)).toEqual([1260]);
  });

  it("two items with two reasons: each keeps its own, the jacket is not 'damaged'", async () => {
    const jacket = await lineIdOf("APP-RAIN-01");
    const socks = await lineIdOf("APP-SOCK-01");
    const chat = await samSays(
      "The rain jacket is too big and the wool socks arrived torn.",
      createOfflineAgent(),
    );
    const [offline] = await actionsOf(chat.conversationId);
    expect(offline).toMatchObject({ reason: "too_large", lineIds: [jacket], netRefundCents: 8010 });

    // A model that gives both lines the reason that pays more is asked to check with the customer.
    fake.enqueue(propose([jacket, socks], "damaged"), finish);
    const scripted = await samSays(
      "The rain jacket is too big and the wool socks arrived torn.",
      scriptedModel(),
    );
    expect(await actionsOf(scripted.conversationId)).toHaveLength(0);
    const [refused] = await proposeResults(scripted.conversationId);
    expect(refused?.isError).toBe(true);
    expect(refused?.result.error).toContain("Ask the customer which reason applies");
    expect(refused?.result.error).not.toMatch(/propose again with reason damaged/);
  });

  it("damage to an order that is not the customer's does not make their own line 'damaged'", async () => {
    const socks = await lineIdOf("APP-SOCK-01");
    fake.enqueue(propose([socks], "damaged"), finish);
    const chat = await samSays(
      "I got a parcel that isn't mine, someone else's order, and the mug in it was smashed. Anyway I want to return my wool socks.",
      scriptedModel(),
    );
    const [action] = await actionsOf(chat.conversationId);
    expect(action).toMatchObject({
      reason: "damaged",
      reasonStatedByCustomer: false,
      reasonWords: null,
      needsApproval: true,
    });
    await chat.say("yes");
    expect(await prisma.refund.count()).toBe(0);
    const queue = await listApprovalQueue(
      { everyWorkspace: true },
      testUseCaseContext({ db: prisma }),
    );
    expect(queue.items.map((item) => item.reasonSource)).toEqual([
      "The agent's assumption — the customer did not state this reason",
    ]);
  });

  it("a stated merchant-fault refund at the $0.00 limit waits for an approver, and keeps that gate when the limit is raised", async () => {
    const chat = await samSays("The wool socks arrived torn.", createOfflineAgent());
    const [quoted] = await actionsOf(chat.conversationId);
    expect(quoted).toMatchObject({
      reason: "damaged",
      netRefundCents: 2000,
      needsApproval: true,
      reasonStatedByCustomer: true,
      reasonWords: "The wool socks arrived torn",
    });
    await raiseMerchantFaultLimit(2500);
    await chat.say("yes");
    const [confirmed] = await actionsOf(chat.conversationId);
    expect(confirmed?.status).toBe("awaiting_approval");
    expect(await prisma.refund.count()).toBe(0);
    const queue = await listApprovalQueue(
      { everyWorkspace: true },
      testUseCaseContext({ db: prisma }),
    );
    expect(queue.items.map((item) => item.reasonSource)).toEqual([
      "The customer wrote: “The wool socks arrived torn”",
    ]);
  });

  it("a merchant who raised the limit lets a stated merchant-fault refund within it run on the customer's yes", async () => {
    await raiseMerchantFaultLimit(2500);
    const chat = await samSays("The wool socks arrived torn.", createOfflineAgent());
    expect((await actionsOf(chat.conversationId))[0]?.needsApproval).toBe(false);
    await chat.say("yes");
    expect((await prisma.refund.findMany()).map((refund) => refund.amountCents)).toEqual([2000]);
  });
});

async function raiseMerchantFaultLimit(cents: number) {
  await publishTestPolicy(prisma, (document) => ({
    ...document,
    approval: { ...document.approval, merchantFaultAutoApproveLimitCents: cents },
  }));
}
