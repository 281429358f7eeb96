import { beforeEach, describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { createLedgerPaymentProvider } from "@/lib/integrations/payments/ledger/ledger-payment-provider";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { getWidgetSnapshot } from "@/lib/server/services/widget/get-widget-snapshot";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";
import { resetAndSeed } from "@/tests/db/test-database";
import {
  openTestConversation,
  type TestConversation,
} from "@/tests/support/open-test-conversation";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { approveAction } from "./approve-or-reject-action";
import { confirmPendingAction } from "./confirm-pending-action";
import { executePendingAction } from "./execute-pending-action";
import { presentCurrentQuoteAgain } from "./present-current-quote";
import { proposeRefund } from "./propose-refund";

/*
 * Issue 30 item 4: a chat quote tells the whole truth (what was left out and why, each fee), and
 * a "yes" accepts it only while it is still true of the order, whatever happened in another
 * conversation meanwhile.
 */

process.env.LOG_LEVEL ??= "silent";

const prisma = testDatabaseClient();

let now: Date;
beforeEach(async () => {
  now = await resetAndSeed(prisma);
});

const context = () =>
  testUseCaseContext({
    db: prisma,
    now: fixedClock(now),
    payments: createLedgerPaymentProvider({ db: prisma }),
    faultPoint: () => {},
  });

const openConversation = (email: string, orderNumber: string, channel: "chat" | "email") =>
  openTestConversation(prisma, { email, orderNumber, channel, seenAt: now });

async function lineIds(orderNumber: string, names: string[]): Promise<string[]> {
  const lines = await prisma.orderLine.findMany({
    where: { order: { number: orderNumber }, name: { in: names } },
  });
  return lines.map((line) => line.id);
}

async function propose(
  world: TestConversation,
  lines: string[],
  reason: "too_small" | "no_longer_needed",
) {
  const result = await proposeRefund(
    {
      conversationId: world.conversationId,
      customerId: world.customerId,
      orderId: world.orderId,
      lineIds: lines,
      reason,
      requestedBy: { type: "agent" },
    },
    context(),
  );
  if (result.kind !== "proposed") throw new Error(`expected a quote: ${JSON.stringify(result)}`);
  return result.action;
}

async function socksRefundedByEmail(): Promise<void> {
  const email = await openConversation("sam@example.com", "B2001", "email");
  const action = await propose(email, await lineIds("B2001", ["Wool socks"]), "too_small");
  const approver = await prisma.staffUser.findFirstOrThrow({ where: { role: "approver" } });
  await approveAction(
    { actionId: action.id, deciderId: approver.id, quoteHash: action.quoteHash },
    context(),
  );
  expect((await executePendingAction({ actionId: action.id }, context())).outcome).toBe("executed");
}

async function cardOf(world: TestConversation, actionId: string): Promise<WidgetQuoteCard> {
  const session = await prisma.customerSession.findUniqueOrThrow({
    where: { id: world.sessionId },
    include: { customer: true },
  });
  const workspace = await prisma.workspace.findFirstOrThrow();
  const snapshot = await getWidgetSnapshot(
    { session: { ...session, workspace } },
    testUseCaseContext({ db: prisma }),
  );
  const card = snapshot.items.find((item) => item.kind === "quote" && item.id === actionId);
  if (card?.kind !== "quote") throw new Error("the quote has no card");
  return card;
}

async function customerMessages(world: TestConversation): Promise<string[]> {
  const rows = await prisma.message.findMany({
    where: { conversationId: world.conversationId, visibility: "customer", authorKind: "agent" },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => row.body);
}

describe("the chat quote card tells what the quote message tells", () => {
  it("lists the refused gift card with its reason and section, and the skillet's fee", async () => {
    const chat = await openConversation("priya@example.com", "A1066", "chat");
    const action = await propose(
      chat,
      await lineIds("A1066", ["Cast-iron skillet", "Gift card"]),
      "no_longer_needed",
    );
    const card = await cardOf(chat, action.id);
    const [message] = await customerMessages(chat);
    expect(card.notices.refusedLines).toEqual([
      expect.stringMatching(/^Gift card .*final.sale.*\(policy §\d+\)$/),
    ]);
    expect(card.notices.feeLines).toEqual([
      "A return fee of 10% ($3.50) is deducted for Cast-iron skillet (policy §5).",
    ]);
    for (const line of [...card.notices.refusedLines, ...card.notices.feeLines]) {
      expect(message).toContain(line);
    }
  });

  it("keeps the refused lines when the quote is shown again after a pause", async () => {
    const chat = await openConversation("priya@example.com", "A1066", "chat");
    const action = await propose(
      chat,
      await lineIds("A1066", ["Cast-iron skillet", "Gift card"]),
      "no_longer_needed",
    );
    await presentCurrentQuoteAgain({ conversationId: chat.conversationId }, context());
    const messages = await customerMessages(chat);
    expect(messages).toHaveLength(2);
    const [refused] = (await cardOf(chat, action.id)).notices.refusedLines;
    expect(messages[1]).toContain(refused);
  });
});

describe("the refused lines in the conversation's language", () => {
  it("are said in Spanish in the quote message and on the card, again after a pause, never in English", async () => {
    const chat = await openConversation("priya@example.com", "A1066", "chat");
    await prisma.conversation.update({
      where: { id: chat.conversationId },
      data: { language: "es", languageSource: "customer" },
    });
    const action = await propose(
      chat,
      await lineIds("A1066", ["Cast-iron skillet", "Gift card"]),
      "no_longer_needed",
    );
    await presentCurrentQuoteAgain({ conversationId: chat.conversationId }, context());

    const { refusedLines } = (await cardOf(chat, action.id)).notices;
    expect(refusedLines).toEqual([expect.stringMatching(/^Gift card .*\(política §\d+\)$/)]);
    const stored = await prisma.pendingAction.findUniqueOrThrow({ where: { id: action.id } });
    expect(refusedLines[0]).not.toContain(stored.refusedLines[0]?.replace(/ \(policy.*$/, ""));
    const messages = await customerMessages(chat);
    expect(messages).toHaveLength(2);
    for (const message of messages) {
      expect(message).toContain("No incluido:");
      expect(message).toContain(refusedLines[0]);
      expect(message).not.toContain("Not included");
    }
    // Staff and the model keep the engine's English wording.
    expect(stored.refusedLines).toEqual([
      expect.stringMatching(/^Gift card .*final.sale.*\(policy §\d+\)$/),
    ]);
  });
});

describe("a yes to a quote the order no longer matches", () => {
  it("is refused when the socks were refunded meanwhile by email: told why, offered a fresh quote", async () => {
    const chat = await openConversation("sam@example.com", "B2001", "chat");
    const quote = await propose(chat, await lineIds("B2001", ["Wool socks"]), "too_small");
    await socksRefundedByEmail();

    const answer = await confirmPendingAction(
      {
        actionId: quote.id,
        conversationId: chat.conversationId,
        customerId: chat.customerId,
        quoteHash: quote.quoteHash,
        sessionId: chat.sessionId,
      },
      context(),
    );
    expect(answer.status).toBe("expired");
    expect(await prisma.refund.count()).toBe(1);

    const audit = await prisma.auditEvent.findMany({
      where: { subjectId: quote.id },
      orderBy: { id: "asc" },
    });
    const outdated = audit.find((event) => event.kind === "pending_action.outdated");
    expect(outdated?.payload).toMatchObject({
      from: "awaiting_confirmation",
      to: "expired",
      reasons: ["Wool socks has already been refunded."],
    });
    expect(audit.map((event) => event.kind)).not.toContain("pending_action.confirmed");

    const told = (await customerMessages(chat)).at(-1) ?? "";
    expect(told).toContain("the quote for order B2001 is no longer valid");
    expect(told).toContain("- Wool socks has already been refunded.");
    expect(told).toContain("Ask for a fresh quote");
    const sent = await prisma.auditEvent.count({
      where: { kind: "customer_message.sent", conversationId: chat.conversationId },
    });
    expect(sent).toBe(1);

    const card = await cardOf(chat, quote.id);
    expect(card).toMatchObject({
      status: "expired",
      outdatedBecause: "Wool socks has already been refunded.",
    });
  });

  it("tells a Spanish customer in Spanish which line moved", async () => {
    const chat = await openConversation("sam@example.com", "B2001", "chat");
    await prisma.conversation.update({
      where: { id: chat.conversationId },
      data: { language: "es", languageSource: "customer" },
    });
    const quote = await propose(chat, await lineIds("B2001", ["Wool socks"]), "too_small");
    await socksRefundedByEmail();

    const answer = await confirmPendingAction(
      {
        actionId: quote.id,
        conversationId: chat.conversationId,
        customerId: chat.customerId,
        quoteHash: quote.quoteHash,
        sessionId: chat.sessionId,
      },
      context(),
    );
    expect(answer.status).toBe("expired");
    const told = (await customerMessages(chat)).at(-1) ?? "";
    expect(told).toContain("- Wool socks ya se ha reembolsado.");
    expect(told).not.toContain("has already been refunded");
  });

  it("is refused while an email refund of the same socks waits for its approver", async () => {
    const chat = await openConversation("sam@example.com", "B2001", "chat");
    const quote = await propose(chat, await lineIds("B2001", ["Wool socks"]), "too_small");
    const email = await openConversation("sam@example.com", "B2001", "email");
    const queued = await propose(email, await lineIds("B2001", ["Wool socks"]), "too_small");
    expect(queued.status).toBe("awaiting_approval");

    const answer = await confirmPendingAction(
      {
        actionId: quote.id,
        conversationId: chat.conversationId,
        customerId: chat.customerId,
        quoteHash: quote.quoteHash,
        sessionId: chat.sessionId,
      },
      context(),
    );
    expect(answer.status).toBe("expired");
    expect((await customerMessages(chat)).at(-1)).toContain(
      "- Wool socks is already part of another refund that is under way.",
    );
    expect(await prisma.refund.count()).toBe(0);
  });

  it("is refused on a typed yes, through the customer-message path", async () => {
    const chat = await openConversation("sam@example.com", "B2001", "chat");
    const quote = await propose(chat, await lineIds("B2001", ["Wool socks"]), "too_small");
    await socksRefundedByEmail();

    const posted = await postCustomerMessage(
      { conversationId: chat.conversationId, text: "yes", sessionId: chat.sessionId },
      testUseCaseContext({ db: prisma, model: createOfflineAgent() }),
    );
    expect(await posted.completion).toBe("completed");
    const stored = await prisma.pendingAction.findUniqueOrThrow({ where: { id: quote.id } });
    expect(stored).toMatchObject({ status: "expired", confirmedAt: null });
    expect(await prisma.refund.count()).toBe(1);
    const messages = await customerMessages(chat);
    expect(messages.some((body) => body.includes("Wool socks has already been refunded."))).toBe(
      true,
    );
    expect(messages.join("\n")).not.toMatch(/waiting for approval/i);
  });

  it("still accepts a yes to a quote that holds", async () => {
    const chat = await openConversation("sam@example.com", "B2001", "chat");
    const quote = await propose(chat, await lineIds("B2001", ["Wool socks"]), "too_small");
    const answer = await confirmPendingAction(
      {
        actionId: quote.id,
        conversationId: chat.conversationId,
        customerId: chat.customerId,
        quoteHash: quote.quoteHash,
        sessionId: chat.sessionId,
      },
      context(),
    );
    expect(answer.status).toBe("approved");
  });
});
