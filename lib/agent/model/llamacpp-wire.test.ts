import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fakeOpenAiPerFile, lookupFindingNoOrders } from "@/tests/support/fake-openai-per-file";
import { llamaCppRequestProblems } from "@/tests/support/llamacpp-request-rules";
import { runModelStep } from "../run-model-step";
import { agentToolSpecs } from "../tools/registry";
import { createOpenAiChatProvider } from "./openai-chat";
import { createOpenAiResponsesProvider } from "./openai-responses";
import {
  type ModelEvent,
  ModelProviderError,
  type ModelRequest,
  type TranscriptItem,
} from "./provider";

// llama.cpp's llama-server (b10106): the exact requests Countersign sends, held to what that server
// accepts, and its recorded answers (tests/fixtures/wire/llamacpp-*) replayed through the SDK.
const wire = fakeOpenAiPerFile({
  dialect: "llama.cpp",
  model: "llamacpp-model",
  prices: { inputPerMillionTokensUsd: 0, outputPerMillionTokensUsd: 0 },
});

// A conversation in which the agent has already replied in text and called a tool.
const conversation: TranscriptItem[] = [
  { kind: "customer", text: "My coffee maker arrived cracked.", messageId: "m1" },
  { kind: "assistant", text: "Sorry to hear that. Which order?", toolCalls: [], stepId: "s1" },
  { kind: "customer", text: "B2001", messageId: "m2" },
  ...lookupFindingNoOrders({
    text: "Let me look.",
    argumentsJson: '{"orderNumber":"B2001"}',
    stepIds: ["s2", "s3"],
  }),
];

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    system: "You are a test.",
    transcript: conversation,
    stateNote: "Pending actions: none.",
    tools: agentToolSpecs(),
    state: {
      conversationId: "c1",
      channel: "chat",
      customerName: "Sam",
      customerEmail: "sam@example.com",
      language: { code: null, source: null },
      actions: [],
    },
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function observed(run: (observe: (event: ModelEvent) => void) => Promise<unknown>) {
  const events: ModelEvent[] = [];
  await run((event) => events.push(event));
  return events;
}

describe("requests llama.cpp accepts", () => {
  it("Chat Completions: the whole request, with every agent tool, breaks none of its rules", async () => {
    wire.server.enqueue({ type: "reply", text: "ok" });
    const step = await runModelStep(createOpenAiChatProvider(wire.config()), request());
    expect(step.text).toBe("ok");
    const sent = wire.server.requests[0];
    expect(llamaCppRequestProblems("chat", sent?.body ?? {})).toEqual([]);
    expect(sent?.body.parallel_tool_calls).toBe(false);
  });

  it.each([
    ["replayed", false],
    ["stored", true],
  ])("Responses (%s): every input item is typed, earlier agent text too", async (_mode, store) => {
    wire.server.enqueue({ type: "reply", text: "ok" });
    const step = await runModelStep(
      createOpenAiResponsesProvider(wire.config({ store })),
      request(),
    );
    expect(step.text).toBe("ok");
    const sent = wire.server.requests[0];
    expect(llamaCppRequestProblems("responses", sent?.body ?? {})).toEqual([]);
    expect(sent?.body.parallel_tool_calls).toBe(false);
    expect(sent?.body.input).toContainEqual({
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "Sorry to hear that. Which order?", annotations: [] }],
    });
  });

  it("the fake server's llama.cpp mode refuses a 2000-long bound with the server's own body", async () => {
    const recorded = readFileSync(
      path.join(import.meta.dirname, "../../../tests/fixtures/wire/llamacpp-maxlen-2000.400.json"),
      "utf8",
    );
    const tool = {
      name: "send_customer_message",
      description: "reply",
      parameters: { type: "object", properties: { body: { type: "string", maxLength: 2000 } } },
    };
    const response = await fetch(`${wire.server.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "x",
        messages: [{ role: "user", content: "hi" }],
        tools: [{ type: "function", function: tool }],
        stream: true,
      }),
    });
    expect(response.status).toBe(400);
    // The fixture is formatted for reading; the server's bytes are the same JSON, compact.
    expect(await response.text()).toBe(JSON.stringify(JSON.parse(recorded)));
  });
});

describe("llama.cpp's answers", () => {
  it("a streamed tool call: id and name once, the arguments in pieces, usage with empty choices", async () => {
    wire.server.enqueue({ type: "recorded", fixture: "llamacpp-chat-tool-call.sse" });
    const step = await runModelStep(createOpenAiChatProvider(wire.config()), request());
    expect(step.toolCalls).toHaveLength(1);
    expect(step.toolCalls[0]).toMatchObject({
      id: "FQdjtQMBGBf9eyuf41sWzO6vVW00JMQt",
      name: "lookup_order",
    });
    expect(step.finishReason).toBe("tool_calls");
    expect([step.inputTokens, step.outputTokens, step.usageReported]).toEqual([403, 76, true]);
  });

  it("text, then the usage chunk with `choices: []`", async () => {
    wire.server.enqueue({ type: "recorded", fixture: "llamacpp-chat-usage-empty-choices.sse" });
    const step = await runModelStep(createOpenAiChatProvider(wire.config()), request());
    expect(step.text).toBe("seats");
    expect([step.inputTokens, step.outputTokens, step.usageReported]).toEqual([403, 2, true]);
  });

  it("several calls in one answer despite parallel_tool_calls: false arrive as separate calls", async () => {
    wire.server.enqueue({ type: "recorded", fixture: "llamacpp-chat-two-calls.sse" });
    const step = await runModelStep(createOpenAiChatProvider(wire.config()), request());
    expect(step.toolCalls.map((call) => call.name)).toEqual(["lookup_order", "leave_team_note"]);
    expect(JSON.parse(step.toolCalls[1]?.argumentsJson ?? "")).toEqual({
      note: "Customer reports a cracked coffee maker.",
    });
  });

  it.each(["llamacpp-chat-error-after-text.sse", "llamacpp-chat-error-in-tool-call.sse"])(
    "an error event after HTTP 200 (%s) voids what streamed and asks again",
    async (fixture) => {
      wire.server.enqueue(
        { type: "recorded", fixture },
        { type: "reply", text: "Which order is it?" },
      );
      const events = await observed((observe) =>
        runModelStep(createOpenAiChatProvider(wire.config()), request(), observe).then((step) => {
          expect(step.text).toBe("Which order is it?");
          expect(step.toolCalls).toEqual([]);
        }),
      );
      expect(wire.server.requests).toHaveLength(2);
      expect(events.filter((event) => event.type === "restart")).toHaveLength(1);
    },
  );

  it("an error event every time is asked again a bounded number of times, then fails", async () => {
    const fixture = "llamacpp-chat-error-after-text.sse";
    wire.server.setFallback(() => ({ type: "recorded", fixture }));
    const failure = await runModelStep(
      createOpenAiChatProvider(wire.config({ maxRetries: 2 })),
      request(),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ModelProviderError);
    expect((failure as Error).message).toContain("peg-native format");
    expect(wire.server.requests).toHaveLength(3);
  });

  it("Responses events without output_index still drive the live tool-call preview", async () => {
    wire.server.enqueue({ type: "recorded", fixture: "llamacpp-responses-function-call.sse" });
    const events = await observed((observe) =>
      runModelStep(
        createOpenAiResponsesProvider(wire.config({ store: false })),
        request(),
        observe,
      ),
    );
    const progress = events.filter((event) => event.type === "tool_call_progress");
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.every((event) => event.position === 0)).toBe(true);
    expect(progress.at(-1)).toMatchObject({
      name: "send_customer_message",
      argumentsJson: '{"body":"Sorry your coffee maker arrived cracked. I will look into it now."}',
    });
    expect(events.find((event) => event.type === "tool_call")).toMatchObject({
      call: { id: "call_Vt2WqK9sLm4XbN7cR1eYhJ3pD6uGaZ0f", name: "send_customer_message" },
    });
  });

  it("Responses text in the server's own framing", async () => {
    wire.server.enqueue({ type: "recorded", fixture: "llamacpp-responses-text.sse" });
    const step = await runModelStep(
      createOpenAiResponsesProvider(wire.config({ store: false })),
      request(),
    );
    expect(step.text).toBe("hotblog");
    expect([step.inputTokens, step.outputTokens]).toEqual([395, 3]);
  });
});
