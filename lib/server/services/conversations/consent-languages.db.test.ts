import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { isSupportedLanguage } from "@/lib/domain/languages";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { proposeRefund } from "@/lib/server/services/pending-actions/propose-refund";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

/*
 * Issue 39 item 3 through the real customer-message path: the classifier reads a typed answer
 * with the grammar of the conversation's stored language, so a Spanish yes confirms the open
 * quote in a Spanish conversation, a Spanish yes that asks something does not, and in a
 * language Countersign has no grammar for nothing typed confirms.
 */

process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();

async function socksQuoteInChat(language: string) {
  const customer = await prisma.customer.findFirstOrThrow({ where: { email: "sam@example.com" } });
  const order = await prisma.order.findFirstOrThrow({ where: { number: "B2001" } });
  const socks = await prisma.orderLine.findFirstOrThrow({
    where: { orderId: order.id, name: "Wool socks" },
  });
  const conversation = await prisma.conversation.create({
    data: {
      channel: "chat",
      customerId: customer.id,
      orderId: order.id,
      subject: "Chat",
      language,
      languageSource: "detected",
    },
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

async function answer(language: string, text: string) {
  const quote = await socksQuoteInChat(language);
  const posted = await postCustomerMessage(
    { conversationId: quote.conversationId, text, sessionId: quote.sessionId },
    testUseCaseContext({ db: prisma, model: createOfflineAgent() }),
  );
  // A language Countersign does not speak is handed to a person: no agent run answers it.
  expect(await posted.completion).toBe(isSupportedLanguage(language) ? "completed" : "not_claimed");
  return prisma.pendingAction.findUniqueOrThrow({ where: { id: quote.actionId } });
}

describe("a typed answer to the $12.60 socks quote, read in the conversation's language", () => {
  it.each([
    ["es", "sí, adelante"],
    ["es", "sí, 12,60 US$ está bien"],
    ["ja", "はい、お願いします"],
  ])("%s: %s confirms it and pays $12.60", async (language, text) => {
    const action = await answer(language, text);
    expect(action.status).toBe("executed");
    expect(action.confirmedMessageId).not.toBeNull();
    expect((await prisma.refund.findMany()).map((refund) => refund.amountCents)).toEqual([1260]);
  });

  it.each([
    ["es", "sí, pero ¿cuánto tarda?"],
    ["es", "yes, go ahead"],
    ["pl", "tak, proszę"],
    ["pl", "yes, go ahead"],
  ])("%s: %s does not confirm it", async (language, text) => {
    const action = await answer(language, text);
    expect(action.confirmedAt).toBeNull();
    expect(await prisma.refund.count()).toBe(0);
  });

  it("es: no, gracias declines it", async () => {
    const action = await answer("es", "no, gracias");
    expect(action.status).toBe("declined");
    expect(await prisma.refund.count()).toBe(0);
  });
});
