import { describe, expect, it } from "vitest";
import { fakeOpenAiPerFile, lookupFindingNoOrders } from "@/tests/support/fake-openai-per-file";
import { runModelStep } from "../run-model-step";
import { createOpenAiChatProvider } from "./openai-chat";
import { createOpenAiResponsesProvider } from "./openai-responses";
import { ModelProviderError, type ModelRequest, type TranscriptItem } from "./provider";

const wire = fakeOpenAiPerFile({
  model: "fake-model",
  prices: { inputPerMillionTokensUsd: 2, outputPerMillionTokensUsd: 8 },
});

const transcript: TranscriptItem[] = [{ kind: "customer", text: "Hello", messageId: "m1" }];

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    system: "You are a test.",
    transcript,
    tools: [
      {
        name: "lookup_order",
        description: "Look up",
        parameters: { type: "object", properties: {} },
      },
    ],
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

describe.each([
  ["chat", createOpenAiChatProvider],
  ["responses", createOpenAiResponsesProvider],
] as const)("%s provider against the fake server", (api, create) => {
  it("streams text, one tool call, usage and cost", async () => {
    wire.server.enqueue({
      type: "reply",
      text: "Let me check that order for you.",
      toolCalls: [{ id: "call_a", name: "lookup_order", arguments: '{"orderNumber":"B2001"}' }],
      usage: { inputTokens: 1000, outputTokens: 500 },
    });
    const step = await runModelStep(create(wire.config()), request());
    expect(step.text).toBe("Let me check that order for you.");
    expect(step.toolCalls).toEqual([
      { id: "call_a", name: "lookup_order", argumentsJson: '{"orderNumber":"B2001"}' },
    ]);
    expect(step.finishReason).toBe("tool_calls");
    expect([step.inputTokens, step.outputTokens, step.costMicroUsd]).toEqual([1000, 500, 6000]);
    expect(wire.server.requests[0]?.api).toBe(api);
    expect(wire.server.requests[0]?.body.parallel_tool_calls).toBe(false);
  });

  it("retries a 429 before the first token, then succeeds", async () => {
    wire.server.enqueue(
      { type: "error", status: 429, message: "slow down" },
      { type: "error", status: 503, message: "busy" },
      { type: "reply", text: "Hi!" },
    );
    const step = await runModelStep(create(wire.config()), request());
    expect(step.text).toBe("Hi!");
    expect(wire.server.requests).toHaveLength(3);
  });

  it("gives up after five retries", async () => {
    wire.server.enqueue(
      ...Array.from({ length: 6 }, () => ({
        type: "error" as const,
        status: 500,
        message: "down",
      })),
    );
    await expect(runModelStep(create(wire.config()), request())).rejects.toBeInstanceOf(
      ModelProviderError,
    );
    expect(wire.server.requests).toHaveLength(6);
  });

  it("does not retry a stream cut after output started", async () => {
    wire.server.enqueue(
      { type: "cut", text: "Your refund of" },
      { type: "reply", text: "never sent" },
    );
    await expect(runModelStep(create(wire.config()), request())).rejects.toBeInstanceOf(
      ModelProviderError,
    );
    expect(wire.server.requests).toHaveLength(1);
  });

  it("aborts an in-flight stream on Stop", async () => {
    wire.server.enqueue({ type: "hang", text: "Thinking" });
    const controller = new AbortController();
    const pending = runModelStep(create(wire.config()), request({ signal: controller.signal }));
    setTimeout(() => controller.abort("stop"), 50);
    await expect(pending).rejects.toThrow();
  });
});

describe("responses provider with stored responses", () => {
  const continued: TranscriptItem[] = [
    { kind: "customer", text: "Hello", messageId: "m1" },
    ...lookupFindingNoOrders({ text: "", argumentsJson: "{}", stepIds: ["s1", "s2"] }),
  ];

  it("sends only the new items after the stored response", async () => {
    const provider = createOpenAiResponsesProvider(wire.config());
    wire.server.enqueue({
      type: "reply",
      toolCalls: [{ id: "call_1", name: "lookup_order", arguments: "{}" }],
    });
    const first = await runModelStep(provider, request());
    wire.server.enqueue({ type: "reply", text: "second" });
    await runModelStep(
      provider,
      request({ transcript: continued, previousResponseId: first.responseId ?? "" }),
    );
    const body = wire.server.requests[1]?.body;
    expect(body?.previous_response_id).toBe(first.responseId);
    expect(body?.store).toBe(true);
    expect(body?.input).toEqual([
      { type: "function_call_output", call_id: "call_1", output: '{"orders":[]}' },
    ]);
  });

  it("replays the whole transcript when the stored response is gone", async () => {
    const provider = createOpenAiResponsesProvider(wire.config());
    wire.server.forgetStoredResponses();
    wire.server.enqueue({ type: "reply", text: "replayed" });
    const step = await runModelStep(
      provider,
      request({ transcript: continued, previousResponseId: "resp_gone" }),
    );
    expect(step.text).toBe("replayed");
    expect(wire.server.requests).toHaveLength(2);
    expect(wire.server.requests[1]?.body.previous_response_id).toBeUndefined();
    expect(wire.server.requests[1]?.body.input).toHaveLength(3);
  });
});
