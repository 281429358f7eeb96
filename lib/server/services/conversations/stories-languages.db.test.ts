import { beforeEach, describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { knownSentence } from "@/lib/domain/catalogs/known-sentences";
import { formatMoneyIn, type Language } from "@/lib/domain/languages";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import { requestAgentTurn } from "@/lib/server/services/runs/request-agent-turn";
import { resetAndSeed } from "@/tests/db/test-database";
import { actionsOf, approverId, customerReplies } from "@/tests/support/story-harness";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

/*
 * Stories 4, 5 and 8 of the scenarios played by Sam in Spanish, German and Japanese through the
 * offline agent: the same quotes ($80.10, $12.60), confirmed in the customer's own words, the
 * outcome told in their language, and nothing the agent says held back or handed over.
 */

process.env.LOG_LEVEL ??= "silent";

const prisma = testDatabaseClient();

type Lines = {
  jacket: string;
  socks: string;
  yes: string;
  yesButFirst: string;
  goAhead: string;
  /** A word of the refund-status statement that only this language uses. */
  outcomeWord: RegExp;
};

const LINES: Record<Exclude<Language, "en" | "fr" | "pt" | "it" | "nl">, Lines> = {
  es: {
    jacket: "Hola, la Rain jacket que pedí me queda grande.",
    socks: "Hola, los Wool socks me quedan pequeños.",
    yes: "Sí, adelante",
    yesButFirst: "Sí, pero primero, ¿cuál es su política de reembolso?",
    goAhead: "Vale, adelante",
    outcomeWord: /reembolso/i,
  },
  de: {
    jacket: "Hallo, die Rain jacket, die ich bestellt habe, ist mir zu groß.",
    socks: "Hallo, die Wool socks sind mir zu klein.",
    yes: "Ja, bitte",
    yesButFirst: "Ja, aber zuerst: Wie lauten Ihre Rückgaberichtlinien?",
    goAhead: "Okay, weiter",
    outcomeWord: /Erstattung/i,
  },
  ja: {
    jacket: "こんにちは、注文したRain jacketが大きすぎました。",
    socks: "Wool socksが小さすぎました。",
    yes: "はい、お願いします",
    yesButFirst: "はい、でもその前に返品ポリシーを教えてください？",
    goAhead: "続けてください",
    outcomeWord: /返金/,
  },
};

/** A chat Sam opens in the widget: a conversation and its live session, no messages yet. */
async function newChatForSam(): Promise<{ conversationId: string; sessionId: string }> {
  const sam = await prisma.customer.findFirstOrThrow({ where: { email: "sam@example.com" } });
  const conversation = await prisma.conversation.create({
    data: { channel: "chat", customerId: sam.id, subject: "Chat" },
  });
  const session = await prisma.customerSession.create({
    data: { customerId: sam.id, conversationId: conversation.id, tokenHash: conversation.id },
  });
  return { conversationId: conversation.id, sessionId: session.id };
}

function chat({ conversationId, sessionId }: { conversationId: string; sessionId: string }) {
  return async (text: string) => {
    const posted = await postCustomerMessage(
      { conversationId, text, sessionId },
      testUseCaseContext({ db: prisma, model: createOfflineAgent() }),
    );
    expect(await posted.completion).toBe("completed");
  };
}

async function expectNoHandOff(conversationId: string) {
  const conversation = await prisma.conversation.findUniqueOrThrow({
    where: { id: conversationId },
    select: { needsPersonKind: true, language: true },
  });
  return conversation;
}

describe.each(Object.entries(LINES))("Sam's stories in %s", (language, lines) => {
  const amount = (cents: number) => formatMoneyIn(language as Language, cents, "USD");

  beforeEach(async () => {
    await resetAndSeed(prisma);
  });

  it("4. too big: the $80.10 quote in the customer's language, confirmed in their words, approved, paid once, told", async () => {
    const opened = await newChatForSam();
    const { conversationId } = opened;
    const say = chat(opened);
    await say(lines.jacket);
    const [quoted] = await actionsOf(prisma, conversationId);
    expect(quoted).toMatchObject({ status: "awaiting_confirmation", netRefundCents: 8010 });
    expect((await customerReplies(prisma, conversationId)).at(-1)).toContain(amount(8010));

    await say(lines.yes);
    expect((await actionsOf(prisma, conversationId))[0]?.status).toBe("awaiting_approval");
    const context = testUseCaseContext({ db: prisma });
    await approveAction(
      { actionId: quoted?.id ?? "", deciderId: await approverId(prisma) },
      context,
    );
    expect((await executePendingAction({ actionId: quoted?.id ?? "" }, context)).outcome).toBe(
      "executed",
    );
    expect((await prisma.refund.findMany()).map((refund) => refund.amountCents)).toEqual([8010]);

    const turn = await requestAgentTurn(
      { conversationId, note: "A staff approver approved the refund." },
      testUseCaseContext({ db: prisma, model: createOfflineAgent() }),
    );
    expect(await turn.completion).toBe("completed");
    const told = (await customerReplies(prisma, conversationId)).at(-1) ?? "";
    expect(told).toContain(amount(8010));
    expect(told).toMatch(lines.outcomeWord);
    expect(await expectNoHandOff(conversationId)).toEqual({ needsPersonKind: null, language });
  });

  it("5. small refund: $12.60 confirmed in the customer's words and paid with no approver", async () => {
    const opened = await newChatForSam();
    const { conversationId } = opened;
    const say = chat(opened);
    await say(lines.socks);
    expect((await actionsOf(prisma, conversationId))[0]?.netRefundCents).toBe(1260);
    await say(lines.yes);
    expect((await actionsOf(prisma, conversationId))[0]?.status).toBe("executed");
    expect(await prisma.approvalDecision.count()).toBe(0);
    expect((await prisma.refund.findMany()).map((refund) => refund.amountCents)).toEqual([1260]);
    const told = (await customerReplies(prisma, conversationId)).at(-1) ?? "";
    expect(told).toContain(amount(1260));
    expect(told).toMatch(lines.outcomeWord);
    expect(await expectNoHandOff(conversationId)).toEqual({ needsPersonKind: null, language });
  });

  it("8. yes, but first…: the question pauses the quote and is answered from the policy; go ahead, then yes, pays", async () => {
    const opened = await newChatForSam();
    const { conversationId } = opened;
    const say = chat(opened);
    await say(lines.socks);
    const [quoted] = await actionsOf(prisma, conversationId);
    const repliesBefore = (await customerReplies(prisma, conversationId)).length;

    await say(lines.yesButFirst);
    expect((await actionsOf(prisma, conversationId))[0]?.status).toBe("suspended");
    const answer = (await customerReplies(prisma, conversationId)).slice(repliesBefore).join("\n");
    expect(answer).toContain(knownSentence(language as Language, "policy_intro"));
    expect(answer).toContain("§");
    expect(await prisma.refund.count()).toBe(0);

    await say(lines.goAhead);
    expect((await actionsOf(prisma, conversationId))[0]?.status).toBe("awaiting_confirmation");
    await say(lines.yes);
    const [paid] = await actionsOf(prisma, conversationId);
    expect(paid).toMatchObject({ id: quoted?.id, status: "executed" });
    expect((await prisma.refund.findMany()).map((refund) => refund.amountCents)).toEqual([1260]);
    expect(await expectNoHandOff(conversationId)).toEqual({ needsPersonKind: null, language });
  });
});
