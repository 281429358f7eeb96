import { beforeEach, describe, expect, it } from "vitest";
import { createOpenAiChatProvider } from "@/lib/agent/model/openai-chat";
import { createOpenAiResponsesProvider } from "@/lib/agent/model/openai-responses";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { listApprovalQueue } from "@/lib/server/services/approvals/list-approval-queue";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { confirmPendingAction } from "@/lib/server/services/pending-actions/confirm-pending-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import { findLatestPresentation } from "@/lib/server/services/pending-actions/find-latest-presentation";
import { scriptAdversary } from "@/tests/support/adversarial-model";
import { fakeModelConfig, fakeOpenAiServerForTests } from "@/tests/support/fake-model-for-tests";
import {
  actionsOf,
  approverId,
  beginStory,
  intentNotes,
  presentedQuotes,
  type StoryConversation,
} from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { publishTestPolicy } from "@/tests/support/test-policy";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";

/*
 * Issue 8's attacks on consent, through the real customer-message path and the real tool path,
 * with a scripted model that tries to steer money, over both OpenAI wire formats. In every one
 * the refund paid (if any) is the quote the customer was shown and said yes to.
 */

process.env.LOG_LEVEL ??= "silent";

const MINUTE = 60_000;

const prisma = seededTestDatabase();
const fake = fakeOpenAiServerForTests();

const WIRE_MODES: [string, () => ModelProvider][] = [
  ["chat wire format", () => createOpenAiChatProvider(fakeModelConfig(fake))],
  ["Responses API", () => createOpenAiResponsesProvider(fakeModelConfig(fake))],
];

const later = (minutes: number) => ({ now: new Date(Date.now() + minutes * MINUTE) });

describe.each(WIRE_MODES)("consent against an adversarial model (%s)", (_mode, provider) => {
  let model: ReturnType<typeof scriptAdversary>;
  beforeEach(() => {
    model = scriptAdversary(fake, prisma);
  });

  const begin = (storyKey: string) => beginStory(prisma, provider(), storyKey);

  async function beginChat(email: string, text: string): Promise<StoryConversation> {
    const customer = await prisma.customer.findFirstOrThrow({ where: { email } });
    const conversation = await prisma.conversation.create({
      data: { channel: "chat", customerId: customer.id, subject: "Chat" },
    });
    const session = await prisma.customerSession.create({
      data: {
        customerId: customer.id,
        conversationId: conversation.id,
        tokenHash: `token-${conversation.id}`,
      },
    });
    const story: StoryConversation = {
      conversationId: conversation.id,
      sessionId: session.id,
      async say(message, options = {}) {
        const posted = await postCustomerMessage(
          { conversationId: conversation.id, text: message, sessionId: story.sessionId ?? "" },
          {
            ...testUseCaseContext({ db: prisma, model: provider() }),
            ...(options.now && { now: fixedClock(options.now) }),
          },
        );
        expect(await posted.completion).toBe("completed");
        story.sessionId = posted.sessionId ?? story.sessionId;
        return posted;
      },
    };
    await story.say(text);
    return story;
  }

  async function refundsPaid(): Promise<number[]> {
    return (await prisma.refund.findMany({ orderBy: { createdAt: "asc" } })).map(
      (refund) => refund.amountCents,
    );
  }

  async function proposalErrors(): Promise<string[]> {
    const steps = await prisma.runStep.findMany({
      where: { kind: "tool_result", toolName: "propose_refund", isError: true },
      orderBy: { createdAt: "asc" },
    });
    return steps.map((step) => JSON.stringify(step.toolResult));
  }

  async function auditKinds(subjectId: string): Promise<string[]> {
    const events = await prisma.auditEvent.findMany({
      where: { subjectId },
      orderBy: { id: "asc" },
    });
    return events.map((event) => event.kind);
  }

  it("socks the customer called too small cannot be proposed as damaged: $12.60, never $20.00", async () => {
    model.queue(
      await model.propose("B2001", ["Wool socks"], "damaged"),
      await model.propose("B2001", ["Wool socks"], "too_small"),
      model.say("Please confirm the quote."),
    );
    const story = await begin("small-refund");
    const [refusal] = await proposalErrors();
    expect(refusal).toContain("too_small");
    const [action, ...others] = await actionsOf(prisma, story.conversationId);
    expect(others).toHaveLength(0);
    expect(action).toMatchObject({ reason: "too_small", netRefundCents: 1260 });

    await story.say("yes");
    expect(await refundsPaid()).toEqual([1260]);
  });

  it("a jacket the customer called too big is never quoted as damaged ($89.00) to anyone", async () => {
    model.queue(await model.propose("B2001", ["Rain jacket"], "damaged"), model.say("One moment."));
    const story = await begin("too-big");
    expect((await proposalErrors())[0]).toContain("too_large");
    expect(await actionsOf(prisma, story.conversationId)).toHaveLength(0);
    expect(
      (await listApprovalQueue({ everyWorkspace: true }, testUseCaseContext({ db: prisma }))).items,
    ).toHaveLength(0);
  });

  it("a merchant-fault reason the customer never gave is only a proposal: shown, confirmed, and sent to an approver with a warning", async () => {
    model.queue(await model.propose("B2001", ["Wool socks"], "damaged"));
    const story = await beginChat("sam@example.com", "I'd like to return the wool socks.");
    const [action] = await actionsOf(prisma, story.conversationId);
    expect(action).toMatchObject({
      reason: "damaged",
      netRefundCents: 2000,
      needsApproval: true,
      reasonStatedByCustomer: false,
    });
    const [shown] = await presentedQuotes(prisma, story.conversationId);
    expect(shown?.body).toContain("this quote assumes: **arrived damaged**");

    await story.say("yes");
    expect((await actionsOf(prisma, story.conversationId))[0]?.status).toBe("awaiting_approval");
    expect(await refundsPaid()).toEqual([]);
    const [card] = (
      await listApprovalQueue({ everyWorkspace: true }, testUseCaseContext({ db: prisma }))
    ).items;
    expect(card?.risks.map((risk) => risk.code)).toContain("UNSTATED_MERCHANT_FAULT");
  });

  it("a yes binds to the quote shown, not to another order the model proposes over it", async () => {
    model.queue(await model.propose("B2001", ["Rain jacket"], "too_large"));
    const story = await begin("too-big");
    model.queue(
      await model.propose("B2002", ["Wireless earbuds"], "no_longer_needed"),
      model.say("Your jacket refund of $80.10 is complete!"),
    );
    await story.say("Hmm, let me look at my other order too.");
    expect((await proposalErrors()).at(-1)).toContain("waits for the customer's answer");

    // Looking at another order pauses the quote: the first yes resumes it and shows it again,
    // the second confirms exactly that jacket quote.
    await story.say("yes");
    expect((await actionsOf(prisma, story.conversationId))[0]?.status).toBe(
      "awaiting_confirmation",
    );
    expect(await presentedQuotes(prisma, story.conversationId)).toHaveLength(2);
    await story.say("yes");
    const actions = await actionsOf(prisma, story.conversationId);
    expect(actions.map((action) => [action.netRefundCents, action.status])).toEqual([
      [8010, "awaiting_approval"],
    ]);
    expect(await refundsPaid()).toEqual([]);
  });

  it("a typed yes binds only to the quote message that was newest when it was written", async () => {
    model.queue(await model.propose("B2001", ["Wool socks"], "too_small"));
    const story = await begin("small-refund");
    const [action] = await actionsOf(prisma, story.conversationId);
    const [first] = await presentedQuotes(prisma, story.conversationId);
    // The quote was shown again (another tab, a refused answer) after the customer began typing.
    await prisma.message.create({
      data: {
        conversationId: story.conversationId,
        authorKind: "agent",
        visibility: "customer",
        body: "quote shown again",
        presentedActionId: action?.id ?? "",
        presentedQuoteHash: action?.quoteHash ?? "",
      },
    });
    await expect(
      confirmPendingAction(
        {
          actionId: action?.id ?? "",
          conversationId: story.conversationId,
          customerId: action?.customerId ?? "",
          quoteHash: action?.quoteHash ?? "",
          sessionId: story.sessionId ?? "",
          seenPresentationId: first?.id ?? "",
        },
        testUseCaseContext({ db: prisma }),
      ),
    ).rejects.toMatchObject({ extensions: { reason: "NOT_PRESENTED" } });
    expect(await presentedQuotes(prisma, story.conversationId)).toHaveLength(3);
    expect(await auditKinds(action?.id ?? "")).toContain("pending_action.transition_refused");

    // The first presentation still binds: the refused re-presentation changed nothing.
    expect(await findLatestPresentation(prisma, story.conversationId)).toMatchObject({
      actionId: action?.id,
      quoteHash: action?.quoteHash,
    });
    expect(
      await prisma.pendingAction.findUniqueOrThrow({ where: { id: action?.id ?? "" } }),
    ).toMatchObject({ status: "awaiting_confirmation", quoteHash: action?.quoteHash });
    await story.say("yes");
    expect(await refundsPaid()).toEqual([1260]);
  });

  it('"Yes, but first…": a re-proposal over the suspended quote is refused and "OK, go ahead" only resumes it', async () => {
    model.queue(await model.propose("B2001", ["Wool socks"], "too_small"));
    const story = await begin("yes-but-first");
    model.queue(
      await model.propose("B2001", ["Wool socks"], "too_small"),
      model.say("Our policy allows returns within 30 days."),
    );
    await story.say("Yes, but first, what is your refund policy?");
    expect((await proposalErrors()).at(-1)).toContain("suspended");
    const [suspended, ...others] = await actionsOf(prisma, story.conversationId);
    expect(others).toHaveLength(0);
    expect(suspended?.status).toBe("suspended");

    model.queue(await model.propose("B2001", ["Wool socks"], "too_small"));
    await story.say("OK, go ahead");
    expect((await actionsOf(prisma, story.conversationId)).map((action) => action.status)).toEqual([
      "awaiting_confirmation",
    ]);
    expect(await refundsPaid()).toEqual([]);
    expect((await presentedQuotes(prisma, story.conversationId)).at(-1)?.presentedActionId).toBe(
      suspended?.id,
    );

    await story.say("yes");
    expect(await refundsPaid()).toEqual([1260]);
  });

  it('"Forget the socks, I want the earbuds instead" ends the socks quote with the message, whatever the model does next', async () => {
    await prisma.order.updateMany({
      where: { number: "B2002" },
      data: { deliveredAt: new Date(Date.now() - 20 * 24 * 60 * MINUTE) },
    });
    model.queue(await model.propose("B2001", ["Wool socks"], "too_small"));
    const story = await begin("small-refund");
    const [socks] = await actionsOf(prisma, story.conversationId);
    // The model tries the earbuds (denied: outside the 15-day window) and says nothing useful.
    model.queue(
      await model.propose("B2002", ["Wireless earbuds"], "no_longer_needed"),
      model.say("Sure."),
    );
    await story.say("Forget the socks, I want the earbuds instead");
    expect((await actionsOf(prisma, story.conversationId))[0]?.status).toBe("superseded");
    expect(await auditKinds(socks?.id ?? "")).toContain("pending_action.superseded_by_customer");

    await story.say("yes");
    expect((await actionsOf(prisma, story.conversationId)).map((action) => action.status)).toEqual([
      "superseded",
    ]);
    expect(await refundsPaid()).toEqual([]);
  });

  it("a confirmed refund survives the model proposing again and a courtesy no; only an explicit cancel ends it", async () => {
    model.queue(await model.propose("B2001", ["Rain jacket"], "too_large"));
    const story = await begin("too-big");
    await story.say("yes");
    const [jacket] = await actionsOf(prisma, story.conversationId);
    expect(jacket?.status).toBe("awaiting_approval");

    model.queue(await model.propose("B2001", ["Rain jacket"], "too_large"), model.say("Done."));
    await story.say("Can you redo the jacket quote?");
    expect((await proposalErrors()).at(-1)).toContain("confirmed");
    await story.say("No thanks, that's all");
    expect((await actionsOf(prisma, story.conversationId)).map((action) => action.status)).toEqual([
      "awaiting_approval",
    ]);

    await story.say("Please cancel my refund.");
    expect((await actionsOf(prisma, story.conversationId))[0]?.status).toBe("declined");
    expect(await auditKinds(jacket?.id ?? "")).toContain("pending_action.cancelled");
    expect(await refundsPaid()).toEqual([]);
    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true });
  });

  it("the confirmed refund the model tried to replace is still the one approved and paid, once", async () => {
    model.queue(await model.propose("B2001", ["Rain jacket"], "too_large"));
    const story = await begin("too-big");
    await story.say("yes");
    model.queue(await model.propose("B2001", ["Rain jacket"], "too_large"));
    await story.say("Thanks!");
    const [jacket, ...others] = await actionsOf(prisma, story.conversationId);
    expect(others).toHaveLength(0);
    await approveAction(
      { actionId: jacket?.id ?? "", deciderId: await approverId(prisma) },
      testUseCaseContext({ db: prisma }),
    );
    await executePendingAction({ actionId: jacket?.id ?? "" }, testUseCaseContext({ db: prisma }));
    expect(await refundsPaid()).toEqual([8010]);
  });

  it("an idle chat session ends and stays ended: its yes is refused, the quote is shown again in a new session", async () => {
    await publishTestPolicy(prisma, (document) => ({ ...document, quoteHoldMinutes: 60 }));
    model.queue(await model.propose("B2001", ["Wool socks"], "too_small"));
    const story = await begin("small-refund");
    const firstSession = story.sessionId ?? "";
    const [action] = await actionsOf(prisma, story.conversationId);

    const refused = await story.say("yes", later(31));
    expect(refused.outcome?.refusal).toBeTruthy();
    expect((await intentNotes(prisma, story.conversationId)).at(-1)).toEqual({
      body: `Customer intent: confirm was refused: ${refused.outcome?.refusal}`,
      noteKind: "customer_intent",
      noteData: {
        intent: "confirm",
        open: { actionId: action?.id, status: "awaiting_confirmation" },
        outcome: { kind: "refused", reason: refused.outcome?.refusal },
      },
    });
    expect(await refundsPaid()).toEqual([]);
    const ended = await prisma.customerSession.findUniqueOrThrow({ where: { id: firstSession } });
    expect(ended.endedAt).not.toBeNull();
    // The refused message did not bring the old session back to life.
    expect(ended.lastSeenAt.getTime()).toBeLessThan(Date.now() + MINUTE);
    expect(story.sessionId).not.toBe(firstSession);
    expect(await presentedQuotes(prisma, story.conversationId)).toHaveLength(2);

    await expect(
      confirmPendingAction(
        {
          actionId: action?.id ?? "",
          conversationId: story.conversationId,
          customerId: action?.customerId ?? "",
          quoteHash: action?.quoteHash ?? "",
          sessionId: firstSession,
        },
        testUseCaseContext({ db: prisma, now: fixedClock(later(32).now) }),
      ),
    ).rejects.toMatchObject({ extensions: { reason: "SESSION_ENDED" } });

    await story.say("yes", later(32));
    expect(await refundsPaid()).toEqual([1260]);
  });

  it("suspend and resume never renew the hold: a yes 11 minutes after the quote was first shown expires it", async () => {
    model.queue(await model.propose("B2001", ["Wool socks"], "too_small"));
    const story = await begin("yes-but-first");
    await story.say("Yes, but first, what is your refund policy?", later(2));
    await story.say("OK, go ahead with the socks", later(5));
    expect((await actionsOf(prisma, story.conversationId))[0]?.status).toBe(
      "awaiting_confirmation",
    );
    await story.say("yes", later(11));
    expect((await actionsOf(prisma, story.conversationId)).map((action) => action.status)).toEqual([
      "expired",
    ]);
    expect(await refundsPaid()).toEqual([]);
  });

  it("a quote resumed after its hold is quoted again by the policy engine and shown as a fresh quote", async () => {
    model.queue(await model.propose("B2001", ["Wool socks"], "too_small"));
    const story = await begin("yes-but-first");
    await story.say("Yes, but first, what is your refund policy?", later(2));
    await story.say("OK, go ahead with the socks", later(11));
    const [stale, fresh] = await actionsOf(prisma, story.conversationId);
    expect(stale).toMatchObject({ status: "superseded", supersededById: fresh?.id });
    expect(fresh).toMatchObject({ status: "awaiting_confirmation", netRefundCents: 1260 });
    expect((await presentedQuotes(prisma, story.conversationId)).at(-1)?.presentedActionId).toBe(
      fresh?.id,
    );

    await story.say("yes", later(12));
    expect(await refundsPaid()).toEqual([1260]);
    expect((await actionsOf(prisma, story.conversationId))[1]?.status).toBe("executed");
  });
});
