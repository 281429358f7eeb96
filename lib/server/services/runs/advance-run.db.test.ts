import { describe, expect, it } from "vitest";
import { createOpenAiChatProvider } from "@/lib/agent/model/openai-chat";
import { createOpenAiResponsesProvider } from "@/lib/agent/model/openai-responses";
import { sealPendingLogs } from "@/lib/server/audit/seal-pending-logs";
import { verifyStoredAuditChain } from "@/lib/server/audit/verify-audit-chain";
import { getConversationThread } from "@/lib/server/services/conversations/get-conversation-thread";
import { fakeModelConfig, fakeOpenAiServerForTests } from "@/tests/support/fake-model-for-tests";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { advanceRun } from "./advance-run";
import { resumeLapsedRuns } from "./resume-lapsed-runs";
import { resumeRun } from "./resume-run";
import { stopRun } from "./stop-run";

// Code under test reads its configuration through env.ts.
process.env.LOG_LEVEL ??= "silent";

const prisma = seededTestDatabase();
// Held to what llama.cpp's server accepts (grammar limits, typed Responses items): a request
// any major server would refuse fails here.
const fake = fakeOpenAiServerForTests({ dialect: "llama.cpp" });

const config = () =>
  fakeModelConfig(fake, { inputPerMillionTokensUsd: 2, outputPerMillionTokensUsd: 8 });
const chat = () => createOpenAiChatProvider(config());
/** The use-case context of these tests: the test database and the chat wire model. */
const withChat = () => testUseCaseContext({ db: prisma, model: chat() });
const onPrisma = testUseCaseContext({ db: prisma });
const staff = { type: "system" } as const;

async function conversationWithRun(email: string, text: string) {
  const customer = await prisma.customer.findFirstOrThrow({ where: { email } });
  const conversation = await prisma.conversation.create({
    data: { channel: "chat", customerId: customer.id, subject: "Test" },
  });
  await prisma.message.create({
    data: {
      conversationId: conversation.id,
      authorKind: "customer",
      visibility: "customer",
      body: text,
    },
  });
  const run = await prisma.run.create({
    data: { conversationId: conversation.id, provider: "openai-chat", model: "fake-model" },
  });
  return { conversationId: conversation.id, runId: run.id };
}

async function socksLineId() {
  return (await prisma.orderLine.findFirstOrThrow({ where: { sku: "APP-SOCK-01" } })).id;
}

function toolMessages(index: number): { role: string; content?: string }[] {
  const messages = fake.requests[index]?.body.messages as { role: string; content?: string }[];
  return messages.filter((message) => message.role === "tool");
}

describe("the turn loop with an OpenAI-compatible model (fake server, chat wire format)", () => {
  it("corrects a model-supplied dispute amount from the ledger and tells the model", async () => {
    const { runId } = await conversationWithRun(
      "ana@example.com",
      "CH-88302 looks like a duplicate of CH-88301",
    );
    fake.enqueue(
      {
        type: "reply",
        toolCalls: [
          {
            name: "open_billing_dispute",
            arguments: JSON.stringify({
              chargeIds: ["CH-88302", "CH-88301"],
              amountCents: 5999,
              summary: "Duplicate",
            }),
          },
        ],
      },
      {
        type: "reply",
        toolCalls: [
          {
            name: "send_customer_message",
            arguments: '{"body":"","statements":[{"kind":"dispute_opened"}]}',
          },
        ],
      },
      { type: "reply", text: "Done." },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("completed");

    const ticket = await prisma.disputeTicket.findFirstOrThrow();
    expect(ticket).toMatchObject({
      amountCents: 11998,
      suppliedAmountCents: 5999,
      category: "duplicate_charge",
      impact: "medium",
    });
    const feedback = toolMessages(1)[0]?.content ?? "";
    expect(feedback).toContain("You supplied $59.99, but the ledger shows $119.98");
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({
      status: "completed",
      inputTokens: 300,
      outputTokens: 60,
      costMicroUsd: 1080,
      leaseOwner: null,
    });
    const steps = await prisma.runStep.findMany({ where: { runId }, orderBy: { sequence: "asc" } });
    expect(steps.map((step) => step.kind)).toEqual([
      "model_output",
      "tool_call",
      "tool_result",
      "model_output",
      "tool_call",
      "tool_result",
      "model_output",
    ]);
    expect(
      steps.every((step) => step.provider === "openai-chat" && step.model === "fake-model"),
    ).toBe(true);
  });

  it("keeps one open dispute per charge: a second request joins the first, across conversations", async () => {
    const disputeTurn = (chargeIds: string[]) => [
      {
        type: "reply" as const,
        toolCalls: [
          {
            name: "open_billing_dispute",
            arguments: JSON.stringify({ chargeIds, summary: "Charged twice" }),
          },
        ],
      },
      { type: "reply" as const, text: "Thanks for your patience." },
    ];
    const first = await conversationWithRun("ana@example.com", "CH-88302 is a duplicate");
    fake.enqueue(...disputeTurn(["CH-88301", "CH-88302"]));
    expect(await advanceRun({ runId: first.runId }, withChat())).toBe("completed");
    const second = await conversationWithRun("ana@example.com", "Again: CH-88302 twice!");
    fake.enqueue(...disputeTurn(["CH-88302"]));
    expect(await advanceRun({ runId: second.runId }, withChat())).toBe("completed");

    const tickets = await prisma.disputeTicket.findMany();
    expect(tickets).toHaveLength(1);
    expect(tickets[0]?.conversationId).toBe(first.conversationId);
    // Request 3 is the second conversation's turn after its tool call.
    const feedback = toolMessages(3)[0]?.content ?? "";
    expect(feedback).toContain("already open for review");
    expect(feedback).toContain(tickets[0]?.id);

    await prisma.disputeTicket.updateMany({ data: { status: "resolved" } });
    const third = await conversationWithRun("ana@example.com", "CH-88302 is a duplicate");
    fake.enqueue(...disputeTurn(["CH-88302", "CH-88301"]));
    expect(await advanceRun({ runId: third.runId }, withChat())).toBe("completed");
    expect(await prisma.disputeTicket.count()).toBe(2);
  });

  it("stores a tool argument with a NUL or a lone surrogate repaired, and the run goes on", async () => {
    const { runId, conversationId } = await conversationWithRun("sam@example.com", "Hello");
    fake.enqueue(
      {
        type: "reply",
        toolCalls: [
          {
            name: "send_customer_message",
            // JSON escapes, as a model writes them: a NUL and a lone high surrogate.
            arguments: '{"body":"Hi\\u0000 there \\ud800!"}',
          },
        ],
      },
      { type: "reply", text: "Done." },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    const call = await prisma.runStep.findFirstOrThrow({ where: { runId, kind: "tool_call" } });
    expect(JSON.stringify(call.toolArgs)).not.toMatch(/\\u0000|\\ud800/);
    const sent = await prisma.message.findMany({
      where: { conversationId, authorKind: "agent", visibility: "customer" },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatch(/^Hi there \ufffd!/);
  });

  it("turns an unknown tool and invalid JSON into recorded tool errors the model recovers from", async () => {
    const { runId } = await conversationWithRun("sam@example.com", "Refund me $100 now");
    fake.enqueue(
      { type: "reply", toolCalls: [{ name: "issue_refund", arguments: '{"amountCents":10000}' }] },
      {
        type: "reply",
        toolCalls: [{ name: "lookup_order", arguments: '{"orderNumber": "B2001"' }],
      },
      {
        type: "reply",
        toolCalls: [{ name: "lookup_order", arguments: '{"orderNumber": "A1043"}' }],
      },
      { type: "reply", text: "I can't do that." },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    const results = await prisma.runStep.findMany({
      where: { runId, kind: "tool_result" },
      orderBy: { sequence: "asc" },
    });
    // The three refusals, then the model's plain-text answer delivered as its reply.
    expect(results.map((step) => [step.toolName, step.isError])).toEqual([
      ["issue_refund", true],
      ["lookup_order", true],
      ["lookup_order", true],
      ["send_customer_message", false],
    ]);
    expect(JSON.stringify(results[0]?.toolResult)).toContain('Unknown tool \\"issue_refund\\"');
    expect(JSON.stringify(results[1]?.toolResult)).toContain("not valid JSON");
    // Maya's order is out of Sam's scope and reads exactly like a missing one.
    expect(JSON.stringify(results[2]?.toolResult)).toContain(
      "No order A1043 was found for this customer",
    );
    expect(await prisma.pendingAction.count()).toBe(0);
    expect(await prisma.refund.count()).toBe(0);
  });

  it("retries a 429 before the first token and then completes", async () => {
    const { runId } = await conversationWithRun("sam@example.com", "hello");
    fake.enqueue(
      { type: "error", status: 429, message: "Rate limited", retryAfterSeconds: 0 },
      { type: "reply", text: "Hi!" },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    expect(fake.requests).toHaveLength(2);
  });

  it("delivers a plain-text final answer to the customer, once, without asking the model again", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "hello");
    fake.enqueue({ type: "reply", text: "Hi! How can I help?" });
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    expect(fake.requests).toHaveLength(1);
    const replies = await prisma.message.findMany({
      where: { conversationId, authorKind: "agent", visibility: "customer" },
    });
    expect(replies.map((reply) => reply.body)).toEqual([
      "Hi! How can I help?\n\n— Countersign Support",
    ]);
  });

  it("runs one call per step: three replies in one answer send one message, the others are refused", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "hello");
    const reply = (body: string) => ({
      name: "send_customer_message",
      arguments: JSON.stringify({ body }),
    });
    fake.enqueue(
      {
        type: "reply",
        toolCalls: [
          reply("Thanks, I am looking into it now."),
          reply("Here is a second message."),
          reply("And here is a third one."),
        ],
      },
      { type: "reply", text: "" },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    const sent = await prisma.message.findMany({
      where: { conversationId, authorKind: "agent", visibility: "customer" },
    });
    expect(sent.map((message) => message.body)).toEqual([
      "Thanks, I am looking into it now.\n\n— Countersign Support",
    ]);
    const results = toolMessages(1).map((message) => JSON.parse(message.content ?? "{}"));
    expect(results[0]).toMatchObject({ sent: true });
    for (const refused of results.slice(1)) {
      expect(refused.error).toContain("one tool call per step");
    }
  });

  it("runs one call per step when the first is read-only: the note after it is not written", async () => {
    const { runId } = await conversationWithRun("sam@example.com", "What did I order?");
    fake.enqueue(
      {
        type: "reply",
        toolCalls: [
          { name: "lookup_order", arguments: "{}" },
          { name: "leave_team_note", arguments: '{"note":"Looked up."}' },
          { name: "leave_team_note", arguments: '{"note":"Looked up again."}' },
        ],
      },
      { type: "reply", text: "" },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    expect(
      await prisma.message.count({ where: { visibility: "internal", authorKind: "agent" } }),
    ).toBe(0);
    const results = await prisma.runStep.findMany({
      where: { runId, kind: "tool_result" },
      orderBy: { sequence: "asc" },
      select: { toolName: true, isError: true },
    });
    expect(results).toEqual([
      { toolName: "lookup_order", isError: false },
      { toolName: "leave_team_note", isError: true },
      { toolName: "leave_team_note", isError: true },
    ]);
  });

  it("asks again when the server sends an error event after HTTP 200, and stores only the answer", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "hello");
    fake.enqueue(
      { type: "recorded", fixture: "llamacpp-chat-error-in-tool-call.sse" },
      { type: "reply", text: "Hi! How can I help?" },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    expect(fake.requests).toHaveLength(2);
    const steps = await prisma.runStep.findMany({ where: { runId }, orderBy: { sequence: "asc" } });
    expect(steps.filter((step) => step.kind === "model_output")).toHaveLength(1);
    expect(steps.some((step) => step.toolName === "propose_refund")).toBe(false);
    const sent = await prisma.message.findMany({
      where: { conversationId, authorKind: "agent", visibility: "customer" },
    });
    expect(sent.map((message) => message.body)).toEqual([
      "Hi! How can I help?\n\n— Countersign Support",
    ]);
  });

  it("a request the server refuses for good fails the run on configuration: plain words, a person, no Resume", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "hello");
    fake.enqueue({ type: "recorded", fixture: "llamacpp-maxlen-2000.400.json" });
    expect(await advanceRun({ runId }, withChat())).toBe("failed");
    expect(fake.requests).toHaveLength(1);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.error).toContain(
      "The model server refused the request: 400 Failed to initialize samplers: failed to parse grammar — check OPENAI_BASE_URL / OPENAI_MODEL",
    );
    expect(run.failedOnConfiguration).toBe(true);
    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: conversationId },
    });
    expect(conversation).toMatchObject({
      status: "failed",
      needsPersonKind: "model_misconfigured",
    });
    expect(conversation.needsPersonReason).toContain("The model server refused the request");
    const kinds = (
      await prisma.auditEvent.findMany({ where: { conversationId }, orderBy: { id: "asc" } })
    ).map((event) => event.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(["run.failed", "conversation.flagged_for_person"]),
    );
    const thread = await getConversationThread(
      { conversationId: conversationId, everyWorkspace: true },
      onPrisma,
    );
    const shown = thread.timeline.find((item) => item.type === "run" && item.id === runId);
    expect(shown).toMatchObject({
      canResume: false,
      resumeWithheld: expect.stringContaining("model server"),
    });
    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true });
  });

  it("a busy or broken server is not a configuration failure: the run stays resumable", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "hello");
    fake.enqueue({ type: "cut", text: "Hel" });
    expect(await advanceRun({ runId }, withChat())).toBe("failed");
    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: conversationId },
    });
    expect(conversation.needsPersonKind).toBeNull();
    const thread = await getConversationThread(
      { conversationId: conversationId, everyWorkspace: true },
      onPrisma,
    );
    const shown = thread.timeline.find((item) => item.type === "run" && item.id === runId);
    expect(shown).toMatchObject({ canResume: true, resumeWithheld: null });
  });

  it("refuses a reply a customer could not read, and takes the model's readable second try", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "hello");
    fake.enqueue(
      { type: "recorded", fixture: "llamacpp-chat-usage-empty-choices.sse" },
      { type: "reply", text: "Hello! How can I help you with your order?" },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    const sent = await prisma.message.findMany({
      where: { conversationId, visibility: "customer", authorKind: { not: "customer" } },
    });
    expect(sent.map((message) => message.body)).toEqual([
      "Hello! How can I help you with your order?\n\n— Countersign Support",
    ]);
    const feedback = JSON.parse(toolMessages(1)[0]?.content ?? "{}");
    expect(feedback).toMatchObject({ code: "unreadable_reply" });
  });

  it("hands the conversation to a person after two unreadable replies, with a holding reply by code", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "hello");
    fake.enqueue(
      { type: "recorded", fixture: "llamacpp-chat-usage-empty-choices.sse" },
      { type: "reply", text: "Московсейшоemento飛 trickyrichtungこ Natural" },
      { type: "reply", text: "This must never be asked for." },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    expect(fake.requests).toHaveLength(2);
    const sent = await prisma.message.findMany({
      where: { conversationId, visibility: "customer", authorKind: { not: "customer" } },
    });
    expect(sent.map((message) => [message.authorKind, message.body])).toEqual([
      [
        "system",
        "Thank you for your message. A member of our team will read it and reply to you here.\n\n— Countersign Support",
      ],
    ]);
    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: conversationId },
    });
    expect(conversation.needsPersonKind).toBe("unreadable_reply");
    const kinds = (await prisma.auditEvent.findMany({ where: { conversationId } })).map(
      (event) => event.kind,
    );
    expect(kinds).toEqual(
      expect.arrayContaining(["conversation.flagged_for_person", "customer_message.sent"]),
    );
    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true });
  });

  it("says the holding reply after two unreadable replies in the conversation's language", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "Hallo");
    await prisma.conversation.update({
      where: { id: conversationId },
      data: { language: "de", languageSource: "customer" },
    });
    fake.enqueue(
      { type: "recorded", fixture: "llamacpp-chat-usage-empty-choices.sse" },
      { type: "reply", text: "Московсейшоemento飛 trickyrichtungこ Natural" },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    const sent = await prisma.message.findMany({
      where: { conversationId, visibility: "customer", authorKind: { not: "customer" } },
    });
    expect(sent.map((message) => message.body)).toEqual([
      "Danke für deine Nachricht. Eine Person aus unserem Team antwortet dir hier so bald wie möglich.\n\n— Countersign Support",
    ]);
  });

  it("fails a run whose stream is cut mid-way without storing a partial step, and resumes it", async () => {
    const { runId } = await conversationWithRun("sam@example.com", "hello");
    fake.enqueue({ type: "cut", text: "Your refund of" });
    expect(await advanceRun({ runId }, withChat())).toBe("failed");
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: "failed",
      leaseOwner: null,
    });
    expect(await prisma.runStep.count({ where: { runId } })).toBe(0);

    fake.enqueue({ type: "reply", text: "Hello again." });
    const resumed = await resumeRun({ runId, actor: staff }, withChat());
    expect(await resumed.completion).toBe("completed");
    const kinds = (
      await prisma.auditEvent.findMany({ where: { subjectId: runId }, orderBy: { id: "asc" } })
    ).map((event) => event.kind);
    expect(kinds).toEqual([
      "run.started",
      "run.failed",
      "run.resumed",
      "run.started",
      "run.completed",
    ]);
    await sealPendingLogs(prisma);
    expect(await verifyStoredAuditChain(prisma)).toMatchObject({ ok: true });
  });

  it("never executes a recorded tool call again when a failed run resumes", async () => {
    const { runId } = await conversationWithRun("sam@example.com", "The wool socks are too small");
    const args = JSON.stringify({
      orderNumber: "B2001",
      lineIds: [await socksLineId()],
      reason: "too_small",
    });
    fake.enqueue(
      {
        type: "reply",
        toolCalls: [{ id: "call_propose", name: "propose_refund", arguments: args }],
      },
      { type: "error", status: 400, message: "bad request" },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("failed");
    expect(await prisma.pendingAction.count()).toBe(1);

    fake.enqueue({ type: "reply", text: "Quote ready." });
    expect(await (await resumeRun({ runId, actor: staff }, withChat())).completion).toBe(
      "completed",
    );
    expect(await prisma.pendingAction.count()).toBe(1);
    expect(
      await prisma.runStep.count({
        where: { runId, kind: "tool_result", toolCallId: "call_propose" },
      }),
    ).toBe(1);
    expect(toolMessages(2)[0]?.content).toContain('"netRefundCents":1260');
  });

  it("recovers a run whose process died between a tool call and its result, executing the call once", async () => {
    const { runId } = await conversationWithRun("sam@example.com", "The wool socks are too small");
    const args = { orderNumber: "B2001", lineIds: [await socksLineId()], reason: "too_small" };
    await prisma.runStep.createMany({
      data: [
        {
          runId,
          sequence: 0,
          kind: "model_output",
          provider: "openai-chat",
          model: "fake-model",
          processId: "dead:1:x",
          text: "",
        },
        {
          runId,
          sequence: 1,
          kind: "tool_call",
          provider: "openai-chat",
          model: "fake-model",
          processId: "dead:1:x",
          toolCallId: "call_1",
          toolName: "propose_refund",
          toolArgs: args,
        },
      ],
    });
    await prisma.run.update({
      where: { id: runId },
      data: {
        status: "running",
        leaseOwner: "dead:1:x",
        leaseExpiresAt: new Date(Date.now() - 1000),
        stepCount: 2,
      },
    });
    fake.enqueue({ type: "reply", text: "Here is your quote." });
    const swept = await resumeLapsedRuns({}, withChat());
    expect(swept.map((launched) => launched.runId)).toEqual([runId]);
    expect(await swept[0]?.completion).toBe("completed");
    expect(await resumeLapsedRuns({}, withChat())).toEqual([]);
    expect(await prisma.pendingAction.count()).toBe(1);
    const recovered = await prisma.auditEvent.findFirstOrThrow({
      where: { kind: "run.lease_recovered" },
    });
    expect(recovered.payload).toMatchObject({ previousOwner: "dead:1:x" });
  });

  it("stores a team note with its tool result: one note, its id in the result, announced first", async () => {
    const { runId, conversationId } = await conversationWithRun("sam@example.com", "hello");
    fake.enqueue(
      { type: "reply", toolCalls: [{ name: "leave_team_note", arguments: '{"note":"VIP."}' }] },
      { type: "reply", text: "" },
    );
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    const notes = await prisma.message.findMany({
      where: { conversationId, visibility: "internal" },
    });
    expect(notes.map((note) => note.body)).toEqual(["VIP."]);
    const result = await prisma.runStep.findFirstOrThrow({
      where: { runId, kind: "tool_result", toolName: "leave_team_note" },
    });
    expect(result.toolResult).toEqual({ noted: true, messageId: notes[0]?.id });
    const topics = await prisma.realtimeEvent.findMany({
      where: { conversationId, topic: { in: ["message.created", "run.step"] } },
      orderBy: { id: "asc" },
      select: { topic: true, payload: true },
    });
    const noteEvent = topics.findIndex((event) => event.topic === "message.created");
    // The write that stored the result: the last step write at or before its sequence.
    const resultEvent = topics.findLastIndex(
      (event) =>
        event.topic === "run.step" &&
        ((event.payload as { sequence: number }).sequence ?? 0) <= result.sequence,
    );
    expect(noteEvent).toBeGreaterThanOrEqual(0);
    expect(noteEvent).toBeLessThan(resultEvent);
  });

  it("finds the note a call pending at the claim already made, instead of writing another", async () => {
    const { runId, conversationId } = await conversationWithRun("sam@example.com", "hello");
    const step = { runId, provider: "openai-chat", model: "fake-model", processId: "dead:1:x" };
    await prisma.runStep.createMany({
      data: [
        { ...step, sequence: 0, kind: "model_output", text: "" },
        {
          ...step,
          sequence: 1,
          kind: "tool_call",
          toolCallId: "call_1",
          toolName: "leave_team_note",
          toolArgs: { note: "VIP." },
        },
      ],
    });
    // The dead process wrote the note and died before storing the result.
    const made = await prisma.message.create({
      data: {
        conversationId,
        authorKind: "agent",
        visibility: "internal",
        body: "VIP.",
        runId,
        dedupeKey: `tool:${runId}:call_1`,
      },
    });
    await prisma.run.update({
      where: { id: runId },
      data: {
        status: "running",
        leaseOwner: "dead:1:x",
        leaseExpiresAt: new Date(Date.now() - 1000),
        stepCount: 2,
      },
    });
    fake.enqueue({ type: "reply", text: "" });
    expect(await advanceRun({ runId }, withChat())).toBe("completed");
    expect(await prisma.message.count({ where: { conversationId, visibility: "internal" } })).toBe(
      1,
    );
    const result = await prisma.runStep.findFirstOrThrow({ where: { runId, kind: "tool_result" } });
    expect(result.toolResult).toEqual({ noted: true, messageId: made.id });
  });

  it("lets only one of two racing workers advance a run", async () => {
    const { runId } = await conversationWithRun("sam@example.com", "hello");
    fake.setFallback(() => ({ type: "reply", text: "Hi!" }));
    const outcomes = await Promise.all([
      advanceRun({ runId, processId: "worker-a" }, withChat()),
      advanceRun({ runId, processId: "worker-b" }, withChat()),
    ]);
    expect([...outcomes].sort()).toEqual(["completed", "not_claimed"]);
    expect(fake.requests).toHaveLength(1);
    expect(await prisma.runStep.count({ where: { runId, kind: "model_output" } })).toBe(1);
  });

  it("fails a run that reaches its step budget instead of looping forever", async () => {
    const { runId } = await conversationWithRun("sam@example.com", "hello");
    fake.setFallback(() => ({
      type: "reply",
      toolCalls: [{ name: "lookup_order", arguments: "{}" }],
    }));
    expect(await advanceRun({ runId, maxModelSteps: 3 }, withChat())).toBe("failed");
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.error).toBe("The run reached its limit of 3 model steps");
    expect(fake.requests).toHaveLength(3);
  });

  it("keeps a reserved run for the request that queued it until the reservation lapses", async () => {
    const { runId } = await conversationWithRun("sam@example.com", "yes");
    await prisma.run.update({
      where: { id: runId },
      data: { leaseOwner: "reserved:m1", leaseExpiresAt: new Date(Date.now() + 30_000) },
    });
    fake.setFallback(() => ({ type: "reply", text: "" }));
    expect(await advanceRun({ runId }, withChat())).toBe("not_claimed");
    expect(await resumeLapsedRuns({}, withChat())).toEqual([]);
    expect(await advanceRun({ runId, reservation: "reserved:m1" }, withChat())).toBe("completed");
    expect(await prisma.auditEvent.count({ where: { kind: "run.lease_recovered" } })).toBe(0);
  });

  it("a reserved run that must wait for a busy conversation gives up its reservation for the hand-off", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "hello");
    await prisma.run.update({
      where: { id: runId },
      data: {
        status: "running",
        leaseOwner: "alive:1:x",
        leaseExpiresAt: new Date(Date.now() + 30_000),
      },
    });
    const waiting = await prisma.run.create({
      data: {
        conversationId,
        provider: "openai-chat",
        model: "fake-model",
        leaseOwner: "reserved:m2",
        leaseExpiresAt: new Date(Date.now() + 30_000),
      },
    });

    expect(await advanceRun({ runId: waiting.id, reservation: "reserved:m2" }, withChat())).toBe(
      "not_claimed",
    );

    expect(await prisma.run.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({
      status: "queued",
      leaseOwner: null,
    });
  });

  it("advances one run per conversation at a time", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "hello");
    const other = await prisma.run.create({
      data: { conversationId, provider: "openai-chat", model: "fake-model" },
    });
    await prisma.run.update({
      where: { id: runId },
      data: {
        status: "running",
        leaseOwner: "alive:1:x",
        leaseExpiresAt: new Date(Date.now() + 30_000),
      },
    });
    expect(await advanceRun({ runId: other.id }, withChat())).toBe("not_claimed");
    expect(fake.requests).toHaveLength(0);
  });

  it("stopping a run nobody has claimed hands the conversation back instead of leaving it 'agent working'", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "hello");
    await prisma.conversation.update({
      where: { id: conversationId },
      data: { status: "agent_working" },
    });

    expect(await stopRun({ runId, actor: staff }, onPrisma)).toEqual({
      status: "stopped",
    });

    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: conversationId },
    });
    expect(conversation.status).toBe("waiting_on_customer");
    expect(await prisma.auditEvent.count({ where: { kind: "run.stopped" } })).toBe(1);
  });

  it("Stop clicked many times at once records one stop, by the staff user who asked first", async () => {
    const agent = await prisma.staffUser.findUniqueOrThrow({
      where: { email: "agent@countersign.test" },
    });
    const asker = { type: "staff" as const, userId: agent.id, roles: ["agent" as const] };
    const queued = await conversationWithRun("sam@example.com", "hello");
    const claimed = await conversationWithRun("maya@example.com", "hello");
    await prisma.run.update({
      where: { id: claimed.runId },
      data: {
        status: "running",
        leaseOwner: "alive:1:x",
        leaseExpiresAt: new Date(Date.now() + 30_000),
      },
    });

    const clicks = (runId: string) =>
      Promise.allSettled(
        Array.from({ length: 12 }, () => stopRun({ runId, actor: asker }, onPrisma)),
      );
    const [onQueued, onClaimed] = await Promise.all([clicks(queued.runId), clicks(claimed.runId)]);

    const fulfilled = (results: PromiseSettledResult<{ status: string }>[]) =>
      results.flatMap((result) => (result.status === "fulfilled" ? [result.value.status] : []));
    expect(fulfilled(onQueued)).toEqual(["stopped"]);
    expect(onQueued.filter((result) => result.status === "rejected")).toHaveLength(11);
    expect(fulfilled(onClaimed)).toEqual(Array(12).fill("stopping"));
    const events = await prisma.auditEvent.findMany({
      where: { kind: { in: ["run.stopped", "run.stop_requested"] } },
      orderBy: { id: "asc" },
    });
    expect(events.map((event) => [event.kind, event.subjectId, event.actorId])).toEqual(
      expect.arrayContaining([
        ["run.stopped", queued.runId, agent.id],
        ["run.stop_requested", claimed.runId, agent.id],
      ]),
    );
    expect(events).toHaveLength(2);
  });

  it("stops an in-flight model request and leaves the run resumable", async () => {
    const { runId } = await conversationWithRun("sam@example.com", "hello");
    fake.enqueue({ type: "hang", text: "Let me think" });
    const advancing = advanceRun({ runId }, withChat());
    await expect.poll(() => fake.requests.length).toBe(1);
    expect(await stopRun({ runId, actor: staff }, onPrisma)).toEqual({
      status: "stopping",
    });
    expect(await advancing).toBe("stopped");
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
      status: "stopped",
      leaseOwner: null,
    });
    expect(await prisma.runStep.count({ where: { runId } })).toBe(0);

    fake.enqueue({ type: "reply", text: "Back." });
    expect(await (await resumeRun({ runId, actor: staff }, withChat())).completion).toBe(
      "completed",
    );
  });

  it("stores a read-only call's result with the model output, unless a stop came first; resuming runs it", async () => {
    const { runId } = await conversationWithRun("sam@example.com", "What did I order?");
    const lookup = {
      type: "reply" as const,
      toolCalls: [{ name: "lookup_order", arguments: "{}" }],
    };
    // Stop is asked on another instance while the model answers: the row says so, this
    // process learns it from its next write. The call is stored, its result is not.
    fake.setFallback(async () => {
      await prisma.$executeRaw`UPDATE runs SET stop_requested_at = now() WHERE id = ${runId}`;
      return lookup;
    });
    expect(await advanceRun({ runId }, withChat())).toBe("stopped");
    const stepsOf = () =>
      prisma.runStep.findMany({
        where: { runId },
        orderBy: { sequence: "asc" },
        select: { kind: true, toolName: true },
      });
    expect(await stepsOf()).toEqual([
      { kind: "model_output", toolName: null },
      { kind: "tool_call", toolName: "lookup_order" },
    ]);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).stepCount).toBe(2);

    fake.reset();
    fake.enqueue(
      lookup,
      {
        type: "reply",
        toolCalls: [{ name: "send_customer_message", arguments: '{"body":"Socks and earbuds."}' }],
      },
      { type: "reply", text: "" },
    );
    const resumed = await resumeRun({ runId, actor: staff }, withChat());
    expect(await resumed.completion).toBe("completed");
    // The stored call runs first; the second lookup the model asks for is stored with its output.
    expect((await stepsOf()).map((step) => [step.kind, step.toolName])).toEqual([
      ["model_output", null],
      ["tool_call", "lookup_order"],
      ["tool_result", "lookup_order"],
      ["model_output", null],
      ["tool_call", "lookup_order"],
      ["tool_result", "lookup_order"],
      ["model_output", null],
      ["tool_call", "send_customer_message"],
      ["tool_result", "send_customer_message"],
      ["model_output", null],
    ]);
    expect(toolMessages(0)).toHaveLength(1);
    expect(toolMessages(1)).toHaveLength(2);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).stepCount).toBe(10);
  });
});

describe("the turn loop against a model with a small context (llama-server -c 4096)", () => {
  const small = fakeOpenAiServerForTests({ dialect: "llama.cpp", contextTokens: 4096 });

  const provider = (contextTokens?: number) =>
    createOpenAiChatProvider({ ...config(), baseUrl: small.baseUrl, contextTokens });

  // A long earlier exchange, then the customer's new question.
  async function longConversation() {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "Hello");
    for (let turn = 0; turn < 10; turn += 1) {
      await prisma.message.create({
        data: {
          conversationId,
          authorKind: turn % 2 === 0 ? "customer" : "agent",
          visibility: "customer",
          body: `Earlier message ${turn}: ${"about the socks and the earbuds, ".repeat(40)}`,
          createdAt: new Date(Date.now() + turn + 1),
        },
      });
    }
    await prisma.message.create({
      data: {
        conversationId,
        authorKind: "customer",
        visibility: "customer",
        body: "Can you check my order B2001?",
        createdAt: new Date(Date.now() + 100),
      },
    });
    return { conversationId, runId };
  }

  it("keeps each request within MODEL_CONTEXT_TOKENS: the oldest turns are left out, the new question kept", async () => {
    const { conversationId, runId } = await longConversation();
    small.enqueue({ type: "reply", text: "Let me check B2001 for you." });
    expect(
      await advanceRun({ runId }, testUseCaseContext({ db: prisma, model: provider(4096) })),
    ).toBe("completed");
    const sent = JSON.stringify(small.requests[0]?.body.messages);
    expect(sent).toContain("left out to fit the model's context");
    expect(sent).toContain("Can you check my order B2001?");
    expect(sent).not.toContain("Earlier message 0:");
    const replies = await prisma.message.count({
      where: { conversationId, authorKind: "agent", runId },
    });
    expect(replies).toBe(1);
  });

  it("reports a request the server still finds too long as a context overflow, for a person", async () => {
    const { conversationId, runId } = await longConversation();
    expect(await advanceRun({ runId }, testUseCaseContext({ db: prisma, model: provider() }))).toBe(
      "failed",
    );
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.error).toContain("The conversation no longer fits the model's context");
    expect(run.error).toContain("exceeds the available context size (4096 tokens)");
    expect(run.failedOnConfiguration).toBe(true);
    const conversation = await prisma.conversation.findUniqueOrThrow({
      where: { id: conversationId },
    });
    expect(conversation.needsPersonKind).toBe("model_misconfigured");
  });
});

describe("the turn loop in Responses mode", () => {
  it("sends only new items after the stored response, and replays the transcript when it is gone", async () => {
    const { conversationId, runId } = await conversationWithRun(
      "sam@example.com",
      "What did I order?",
    );
    const provider = createOpenAiResponsesProvider(config());
    fake.enqueue(
      { type: "reply", toolCalls: [{ name: "lookup_order", arguments: "{}" }] },
      {
        type: "reply",
        toolCalls: [
          { name: "send_customer_message", arguments: '{"body":"A jacket, socks and earbuds."}' },
        ],
      },
      { type: "reply", text: "" },
    );
    expect(await advanceRun({ runId }, testUseCaseContext({ db: prisma, model: provider }))).toBe(
      "completed",
    );
    const second = fake.requests[1]?.body ?? {};
    expect(second.previous_response_id).toBe("resp_fake_1");
    // The new tool output, then the server's current state note.
    expect(
      (second.input as { type?: string; role?: string }[]).map((item) => item.role ?? item.type),
    ).toEqual(["function_call_output", "user"]);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).providerResponseId).toBe(
      "resp_fake_3",
    );

    // A later turn: the provider has forgotten its stored responses.
    fake.forgetStoredResponses();
    await prisma.message.create({
      data: { conversationId, authorKind: "customer", visibility: "customer", body: "Thanks!" },
    });
    // Reserved for this call, as below: the first run's look for a next run must not take it.
    const next = await prisma.run.create({
      data: {
        conversationId,
        provider: "openai-responses",
        model: "fake-model",
        leaseOwner: "reserved:thanks",
        leaseExpiresAt: new Date(Date.now() + 30_000),
      },
    });
    fake.enqueue({ type: "reply", text: "You're welcome." });
    expect(
      await advanceRun(
        { runId: next.id, reservation: "reserved:thanks" },
        testUseCaseContext({ db: prisma, model: provider }),
      ),
    ).toBe("completed");
    const [gone, replay] = fake.requests.slice(3);
    expect(gone?.body.previous_response_id).toBe("resp_fake_3");
    expect(replay?.body.previous_response_id).toBeUndefined();
    const replayed = replay?.body.input as { type?: string; role?: string }[];
    expect(replayed.map((item) => item.role ?? item.type)).toEqual([
      "user",
      "function_call",
      "function_call_output",
      "function_call",
      "function_call_output",
      "user",
    ]);
  });

  it("replays rather than continuing a stored response after a reply made on the model's behalf", async () => {
    const { conversationId, runId } = await conversationWithRun("sam@example.com", "Hello");
    const provider = createOpenAiResponsesProvider(config());
    fake.enqueue({ type: "reply", text: "Hi! How can I help?" });
    expect(await advanceRun({ runId }, testUseCaseContext({ db: prisma, model: provider }))).toBe(
      "completed",
    );
    await prisma.message.create({
      data: { conversationId, authorKind: "customer", visibility: "customer", body: "Thanks" },
    });
    // Reserved for this call: the first run's look for a next queued run, still in flight after
    // it returned, would otherwise take this one and leave the call "not_claimed".
    const next = await prisma.run.create({
      data: {
        conversationId,
        provider: "openai-responses",
        model: "fake-model",
        leaseOwner: "reserved:thanks",
        leaseExpiresAt: new Date(Date.now() + 30_000),
      },
    });
    fake.enqueue({ type: "reply", text: "" });
    expect(
      await advanceRun(
        { runId: next.id, reservation: "reserved:thanks" },
        testUseCaseContext({ db: prisma, model: provider }),
      ),
    ).toBe("completed");
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.body.previous_response_id).toBeUndefined();
  });
});
