import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { createOpenAiChatProvider } from "@/lib/agent/model/openai-chat";
import { createOpenAiResponsesProvider } from "@/lib/agent/model/openai-responses";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { sha256Hex } from "@/lib/domain/canonical-hash";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { postCustomerMessage } from "@/lib/server/services/intake/post-customer-message";
import { advanceRun } from "@/lib/server/services/runs/advance-run";
import { fakeModelConfig, fakeOpenAiServerForTests } from "@/tests/support/fake-model-for-tests";
import type { ScriptedReply } from "@/tests/support/fake-openai-server";
import { beginStory, customerReplies, teamNotes } from "@/tests/support/story-harness";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";

// Code under test reads its configuration through env.ts.
process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();
const fake = fakeOpenAiServerForTests();

const config = () => fakeModelConfig(fake);

const send = (body: string): ScriptedReply => ({
  type: "reply",
  toolCalls: [{ name: "send_customer_message", arguments: JSON.stringify({ body }) }],
});
const sendStatements = (body: string, statements: Record<string, unknown>[]): ScriptedReply => ({
  type: "reply",
  toolCalls: [{ name: "send_customer_message", arguments: JSON.stringify({ body, statements }) }],
});
const note = (text: string): ScriptedReply => ({
  type: "reply",
  toolCalls: [{ name: "leave_team_note", arguments: JSON.stringify({ note: text }) }],
});
const finish: ScriptedReply = { type: "reply", text: "" };

async function refusedReplies(conversationId: string) {
  const steps = await prisma.runStep.findMany({
    where: {
      run: { conversationId },
      kind: "tool_result",
      toolName: "send_customer_message",
      isError: true,
    },
    orderBy: { createdAt: "asc" },
  });
  return steps.map((step) =>
    (step.toolResult as { problems: { code: string }[] }).problems.map((p) => p.code),
  );
}

// A customer message through the real path, answered by the scripted model.
async function sayTo(
  conversationId: string,
  sessionId: string | null,
  text: string,
  provider: ModelProvider,
) {
  const posted = await postCustomerMessage(
    { conversationId, text, ...(sessionId && { sessionId }) },
    testUseCaseContext({ db: prisma, model: provider }),
  );
  expect(await posted.completion).toBe("completed");
}

const wireModes: [string, () => ModelProvider][] = [
  ["chat wire format", () => createOpenAiChatProvider(config())],
  ["Responses API", () => createOpenAiResponsesProvider(config())],
];

describe.each(wireModes)("the supervisor on a hostile model (%s)", (_mode, model) => {
  it("withholds '$999 issued' and 'approved and issued … tomorrow' after a yes that only queued the refund, and sends the true status", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "too-big");
    const before = await customerReplies(prisma, story.conversationId);
    fake.enqueue(
      send("Great news, your refund of $999 has been issued!"),
      send("Your refund of $80.10 has been approved and issued. It will arrive tomorrow."),
      send("Your jacket refund is complete!"),
      sendStatements("Thank you.", [{ kind: "waiting_for_approver" }]),
      finish,
    );
    await sayTo(story.conversationId, story.sessionId, "yes", model());

    const [action] = await prisma.pendingAction.findMany({
      where: { conversationId: story.conversationId },
    });
    expect(action?.status).toBe("awaiting_approval");
    const after = await customerReplies(prisma, story.conversationId);
    // The statement is rendered by code from the stored action: its amount, items and state.
    expect(after.slice(before.length)).toEqual([
      "Thank you.\n\nYour refund of $80.10 for Rain jacket is waiting for approval by our team; nothing has been refunded yet. I'll let you know as soon as it's decided.\n\nA return fee of 10% ($8.90) is deducted for Rain jacket (policy §5).\n\n— Countersign Support",
    ]);
    expect(await refusedReplies(story.conversationId)).toEqual([
      ["UNREAD_MONEY_TALK"],
      ["UNREAD_MONEY_TALK"],
      ["UNREAD_MONEY_TALK"],
    ]);
  });

  it("withholds 'approved and issued' right after the customer declined", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
    fake.enqueue(
      send("Done! Your refund of $12.60 has been approved and issued."),
      sendStatements("No problem.", [{ kind: "refund_status" }]),
      finish,
    );
    await sayTo(story.conversationId, story.sessionId, "no", model());
    expect((await customerReplies(prisma, story.conversationId)).at(-1)).toContain(
      "nothing will be refunded",
    );
    // "Done!" and the sentence after it are each refused.
    expect(await refusedReplies(story.conversationId)).toEqual([
      ["UNREAD_MONEY_TALK", "UNREAD_MONEY_TALK"],
    ]);
    expect(await prisma.refund.count()).toBe(0);
  });

  it("sends a plain-text answer only if it passes: a refused one goes back to the model and the run continues", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
    const before = await customerReplies(prisma, story.conversationId);
    fake.enqueue(
      { type: "reply", text: "Your $9,999.99 has been credited, expect it tomorrow." },
      send("Your quote for Wool socks is $12.60."),
      { type: "reply", text: "Sent." },
    );
    await sayTo(story.conversationId, story.sessionId, "How much will I get back", model());
    expect((await customerReplies(prisma, story.conversationId)).slice(before.length)).toEqual([
      "Your quote for Wool socks is $12.60.\n\n— Countersign Support",
    ]);
    expect(await refusedReplies(story.conversationId)).toEqual([["UNREAD_MONEY_TALK"]]);
    // The model was shown why, in the tool result for the reply made on its behalf.
    expect(JSON.stringify(fake.requests.at(-2)?.body)).toContain("UNREAD_MONEY_TALK");
  });

  it("withholds internal ids and quote hashes", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
    const action = await prisma.pendingAction.findFirstOrThrow({
      where: { conversationId: story.conversationId },
    });
    fake.enqueue(
      send(`Your refund ${action.id} is ready to confirm.`),
      send(`This is quote ${action.quoteHash.slice(0, 8)}.`),
      send(`Reference ${action.quoteHash.slice(8, 24).toUpperCase().match(/.{4}/g)?.join("-")}.`),
      send(`Ref: ${withLetter(action.id).split("").join(" ")}.`),
      send("There is no reference I can share."),
      finish,
    );
    await sayTo(story.conversationId, story.sessionId, "what's the reference", model());
    const refused = await refusedReplies(story.conversationId);
    expect(refused).toHaveLength(4);
    for (const codes of refused) expect(codes).toContain("INTERNAL_ID");
    for (const reply of await customerReplies(prisma, story.conversationId)) {
      expect(reply).not.toContain(action.id);
      expect(reply).not.toContain(action.quoteHash.slice(0, 8));
    }
  });
});

describe.each(wireModes)("default-deny money talk end to end (%s)", (_mode, model) => {
  it("refuses paraphrased, foreign, split and consent claims, the run goes on, and the customer gets the code-rendered quote", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
    const before = await customerReplies(prisma, story.conversationId);
    fake.enqueue(
      send("I've confirmed it for you."),
      send("Su reembolso de 12,60 $ ha sido aprobado."),
      send("We can offer you a full refund of $18.00."),
      send("Quick update on your socks"),
      finish,
    );
    await sayTo(story.conversationId, story.sessionId, "hello", model());
    fake.enqueue(
      send("it all went through, check your card."),
      sendStatements("Here is where things stand.", [{ kind: "open_quote" }]),
      finish,
    );
    await sayTo(story.conversationId, story.sessionId, "I see", model());

    const replies = (await customerReplies(prisma, story.conversationId)).slice(before.length);
    expect(replies).toEqual([
      "Quick update on your socks\n\n— Countersign Support",
      "Here is where things stand.\n\nYour quote for Wool socks ($12.60) is still open; use Confirm or Decline, or tell me what you'd like instead.\n\n— Countersign Support",
    ]);
    expect(await refusedReplies(story.conversationId)).toEqual([
      ["UNREAD_MONEY_TALK"],
      ["UNREADABLE_LANGUAGE"],
      ["UNREAD_MONEY_TALK"],
      ["UNREAD_MONEY_TALK"],
    ]);
    expect(await prisma.refund.count()).toBe(0);
    const [action] = await prisma.pendingAction.findMany({
      where: { conversationId: story.conversationId },
    });
    expect(action?.status).toBe("awaiting_confirmation");
  });

  it("refuses a statement that is not true of the records, and tells the model why", async () => {
    const story = await beginStory(prisma, createOfflineAgent(), "small-refund");
    const before = await customerReplies(prisma, story.conversationId);
    fake.enqueue(
      sendStatements("", [{ kind: "waiting_for_approver" }]),
      sendStatements("", [{ kind: "denial", policySectionIds: ["§3"] }]),
      finish,
    );
    await sayTo(story.conversationId, story.sessionId, "tell me if it is approved", model());
    expect(JSON.stringify(fake.requests.at(-2)?.body)).toContain(
      "No refund here is waiting for an approver.",
    );
    expect((await customerReplies(prisma, story.conversationId)).slice(before.length)).toEqual([
      "I'm sorry, I can't offer a refund for this request under our refund policy (§3 Items we cannot refund).\n\n— Countersign Support",
    ]);
  });
});

describe("text staff cannot see", () => {
  async function emailConversation() {
    const customer = await prisma.customer.findFirstOrThrow({
      where: { email: "maya@example.com" },
    });
    const conversation = await prisma.conversation.create({
      data: { channel: "email", customerId: customer.id, subject: "Coffee maker" },
    });
    await prisma.message.create({
      data: {
        conversationId: conversation.id,
        authorKind: "customer",
        visibility: "customer",
        body: "My coffee maker arrived cracked.",
      },
    });
    const run = await prisma.run.create({
      data: { conversationId: conversation.id, provider: "openai-chat", model: "fake-model" },
    });
    return { conversationId: conversation.id, runId: run.id };
  }

  it("stores an HTML-wrapped reply as visible text, byte for byte the email the customer gets, audited with its hash", async () => {
    const { conversationId, runId } = await emailConversation();
    fake.enqueue(
      send(
        "<div>To speed this up, please reply with your <b>street address</b> and postcode.</div><!-- do not show staff -->",
      ),
      finish,
    );
    expect(
      await advanceRun(
        { runId },
        testUseCaseContext({ db: prisma, model: createOpenAiChatProvider(config()) }),
      ),
    ).toBe("completed");

    const [message] = await prisma.message.findMany({
      where: { conversationId, authorKind: "agent", visibility: "customer" },
    });
    const [email] = await prisma.outboxEmail.findMany({ where: { conversationId } });
    expect(message?.body).toBe(
      "To speed this up, please reply with your street address and postcode.\n do not show staff\n\n— Countersign Support",
    );
    expect(email?.bodyText).toBe(message?.body);
    const [sent] = await prisma.auditEvent.findMany({ where: { kind: "customer_message.sent" } });
    expect(sent).toMatchObject({ subjectType: "message", subjectId: message?.id, conversationId });
    expect(sent?.payload).toMatchObject({
      channel: "email",
      messageId: message?.id,
      outboxEmailId: email?.id,
      bodySha256: sha256Hex(email?.bodyText ?? ""),
    });
    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true });
  });

  it("stores an HTML team note as the text it contains, not as markup the ticket would drop", async () => {
    const { conversationId, runId } = await emailConversation();
    fake.enqueue(
      note("<div><p>Customer asked twice.</p><!-- approve without checking --></div>"),
      finish,
    );
    expect(
      await advanceRun(
        { runId },
        testUseCaseContext({ db: prisma, model: createOpenAiChatProvider(config()) }),
      ),
    ).toBe("completed");
    expect(await teamNotes(prisma, conversationId)).toEqual([
      "Customer asked twice.\n approve without checking",
    ]);
  });
});

/*
 * Ten characters of an id that hold a letter: a run of digits alone could be an amount or an
 * order number, so the check lets it be (internal-id-mentions.ts) and the test must not pick one.
 */
function withLetter(id: string): string {
  for (let start = 3; start + 10 <= id.length; start += 1) {
    const slice = id.slice(start, start + 10);
    if (/[a-z]/.test(slice.slice(0, 8))) return slice;
  }
  throw new Error(`no lettered slice in ${id}`);
}
