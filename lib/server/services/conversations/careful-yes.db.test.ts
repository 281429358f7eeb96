import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { proposeRefund } from "@/lib/server/services/pending-actions/propose-refund";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

/*
 * Issue 30 item 5 through the real customer-message path: the classifier is given the open
 * quote's amount and items from the database, so a yes naming exactly those confirms it, and a
 * yes naming anything else does not.
 */

process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();

async function socksQuoteInChat() {
  const customer = await prisma.customer.findFirstOrThrow({ where: { email: "sam@example.com" } });
  const order = await prisma.order.findFirstOrThrow({ where: { number: "B2001" } });
  const socks = await prisma.orderLine.findFirstOrThrow({
    where: { orderId: order.id, name: "Wool socks" },
  });
  const conversation = await prisma.conversation.create({
    data: { channel: "chat", customerId: customer.id, orderId: order.id, subject: "Chat" },
  });
  const session = await prisma.customerSession.create({
    data: { customerId: customer.id, conversationId: conversation.id, tokenHash: conversation.id },
  });
  const proposed = await proposeRefund(
    {
      conversationId: conversation.id,
      customerId: customer.id,
      orderId: order.id,
      lineIds: [socks.id],
      reason: "too_small",
      requestedBy: { type: "agent" },
    },
    testUseCaseContext({ db: prisma }),
  );
  if (proposed.kind !== "proposed") throw new Error("expected a quote");
  expect(proposed.action.quote.netRefundCents).toBe(1260);
  return { conversationId: conversation.id, sessionId: session.id, actionId: proposed.action.id };
}

async function answer(text: string) {
  const quote = await socksQuoteInChat();
  const posted = await postCustomerMessage(
    { conversationId: quote.conversationId, text, sessionId: quote.sessionId },
    testUseCaseContext({ db: prisma, model: createOfflineAgent() }),
  );
  expect(await posted.completion).toBe("completed");
  return prisma.pendingAction.findUniqueOrThrow({ where: { id: quote.actionId } });
}

describe("a careful yes on the $12.60 socks quote", () => {
  it.each(["yes, $12.60 is fine", "yes for the socks", "yes please refund the wool socks"])(
    "%s confirms it and pays $12.60",
    async (text) => {
      const action = await answer(text);
      expect(action.status).toBe("executed");
      expect(action.confirmedMessageId).not.toBeNull();
      expect((await prisma.refund.findMany()).map((refund) => refund.amountCents)).toEqual([1260]);
    },
  );

  it.each([
    "yes, $12.50 is fine",
    "yes, $20.00 is fine",
    "yes for the jacket",
    "yes for the socks and the jacket",
    "yes, $12.60 is not fine",
  ])("%s does not confirm it", async (text) => {
    const action = await answer(text);
    expect(action.confirmedAt).toBeNull();
    expect(await prisma.refund.count()).toBe(0);
  });
});
