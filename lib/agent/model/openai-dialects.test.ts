import { describe, expect, it } from "vitest";
import { fakeOpenAiPerFile, lookupFindingNoOrders } from "@/tests/support/fake-openai-per-file";
import { runModelStep } from "../run-model-step";
import { createOpenAiChatProvider, toChatMessages } from "./openai-chat";
import { createOpenAiResponsesProvider, toResponseInput } from "./openai-responses";
import type { ModelRequest, TranscriptItem } from "./provider";

// Each server's recorded answer (tests/fixtures/wire) replayed through the official SDK.
const wire = fakeOpenAiPerFile({
  model: "dialect-model",
  prices: { inputPerMillionTokensUsd: 2, outputPerMillionTokensUsd: 8 },
});

const continued: TranscriptItem[] = [
  { kind: "customer", text: "My jacket is too big", messageId: "m1" },
  {
    kind: "system_note",
    text: "Customer intent: new request.",
    messageId: "m2",
  },
  ...lookupFindingNoOrders({ text: "", argumentsJson: "{}", stepIds: ["s1", "s2"] }),
];

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    system: "You are a test.",
    transcript: continued.slice(0, 2),
    stateNote: "Pending actions: none.",
    tools: [],
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

const lookup = { name: "lookup_order", argumentsJson: '{"orderNumber":"B2001"}' };

describe("chat dialects", () => {
  it("OpenAI: one call from fragments, usage from the last chunk", async () => {
    wire.server.enqueue({ type: "recorded", fixture: "openai-chat-tool-call.sse" });
    const step = await runModelStep(createOpenAiChatProvider(wire.config()), request());
    expect(step.toolCalls).toEqual([{ id: "call_Qx1rT9", ...lookup }]);
    expect([step.inputTokens, step.outputTokens, step.usageReported]).toEqual([1893, 19, true]);
  });

  it("xAI: a whole call in one delta and usage on every chunk, counted once", async () => {
    wire.server.enqueue({ type: "recorded", fixture: "xai-chat-tool-call.sse" });
    const step = await runModelStep(createOpenAiChatProvider(wire.config()), request());
    expect(step.text).toBe("Let me look that up.");
    expect(step.toolCalls).toEqual([{ id: "call_61234581", ...lookup }]);
    expect([step.inputTokens, step.outputTokens]).toEqual([1902, 31]);
  });

  it("Ollama: two calls both at index 0 stay two calls, keyed by their ids", async () => {
    wire.server.enqueue({ type: "recorded", fixture: "ollama-chat-two-calls-index-0.sse" });
    const step = await runModelStep(createOpenAiChatProvider(wire.config()), request());
    expect(step.toolCalls.map((call) => [call.id, call.name])).toEqual([
      ["call_mtx8ssqo", "lookup_order"],
      ["call_b2o4ohfd", "check_refund_policy"],
    ]);
    expect(step.toolCalls[0]?.argumentsJson).toBe('{"orderNumber":"B2001"}');
    expect(step.text).toBe("");
  });

  it("vLLM: a name repeated in every delta is taken once; null content is no text", async () => {
    wire.server.enqueue({ type: "recorded", fixture: "vllm-chat-repeated-name.sse" });
    const step = await runModelStep(createOpenAiChatProvider(wire.config()), request());
    expect(step.toolCalls).toEqual([
      { id: "chatcmpl-tool-5e1a", name: "lookup_order", argumentsJson: '{"orderNumber": "B2001"}' },
    ]);
    expect(step.text).toBe("");
  });

  it("llama.cpp: no usage at all is recorded as not reported, not as zero", async () => {
    wire.server.enqueue({ type: "recorded", fixture: "llamacpp-chat-no-usage.sse" });
    const step = await runModelStep(createOpenAiChatProvider(wire.config()), request());
    expect(step.text).toBe("Could you tell me your order number?");
    expect(step.finishReason).toBe("stop");
    expect(step.usageReported).toBe(false);
  });
});

describe("messages for strict chat templates", () => {
  it("never sends two user turns in a row; the state note comes last, the system prompt stays first", () => {
    const messages = toChatMessages("static", continued.slice(0, 2), "state");
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(messages[1]?.content).toBe(
      "My jacket is too big\n\n---\n\n[System note, not from the customer] Customer intent: new request.\n\n---\n\n[Current state from the server, not from the customer] state",
    );
    const afterTools = toChatMessages("static", continued, "state");
    expect(afterTools.map((message) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "user",
    ]);
    const input = toResponseInput(continued.slice(0, 2), "state");
    expect(input).toHaveLength(1);
  });

  it("sends null beside tool calls and an empty string for an empty assistant turn", () => {
    const messages = toChatMessages("static", [
      ...continued,
      { kind: "assistant", text: "", toolCalls: [], stepId: "s3" },
    ]);
    expect(messages[2]).toMatchObject({ role: "assistant", content: null });
    expect(messages[4]).toMatchObject({ role: "assistant", content: "" });
  });

  it("keeps the system prompt byte-identical while the state changes", async () => {
    const provider = createOpenAiChatProvider(wire.config());
    wire.server.enqueue({ type: "reply", text: "a" }, { type: "reply", text: "b" });
    await runModelStep(provider, request({ stateNote: "pa_1: awaiting_confirmation" }));
    await runModelStep(provider, request({ stateNote: "pa_1: executed" }));
    const [first, second] = wire.server.requests.map(
      (sent) => (sent.body.messages as { content: string }[])[0],
    );
    expect(first).toEqual(second);
  });
});

describe("Responses dialects", () => {
  const delta = () =>
    request({ transcript: continued, previousResponseId: "resp_prev_1", stateNote: undefined });

  it("OpenAI and xAI: a continued response is accepted, with its reasoning summary", async () => {
    wire.server.enqueue({ type: "recorded", fixture: "openai-responses-continued.sse" });
    const step = await runModelStep(createOpenAiResponsesProvider(wire.config()), delta());
    expect(step.reasoning).toBe("The customer wants the order looked up first.");
    expect(step.toolCalls).toEqual([{ id: "call_9c1e2f", ...lookup }]);
    expect(wire.server.requests).toHaveLength(1);
    wire.server.enqueue({ type: "recorded", fixture: "xai-responses-continued.sse" });
    const xai = await runModelStep(createOpenAiResponsesProvider(wire.config()), delta());
    expect(xai.text).toBe("Which order is it?");
    expect(wire.server.requests[1]?.body.input).toHaveLength(1);
  });

  it("Ollama: a server that ignores previous_response_id is found out once and replayed from then on", async () => {
    wire.server.enqueue(
      { type: "recorded", fixture: "ollama-responses-ignores-previous.sse" },
      { type: "reply", text: "With the whole conversation." },
    );
    const step = await runModelStep(createOpenAiResponsesProvider(wire.config()), delta());
    expect(step.text).toBe("With the whole conversation.");
    expect(wire.server.requests[1]?.body).toMatchObject({ store: false });
    expect(wire.server.requests[1]?.body.previous_response_id).toBeUndefined();
    expect(wire.server.requests[1]?.body.input).toHaveLength(3);

    // A later run's provider remembers it: one request, the whole transcript.
    wire.server.enqueue({ type: "reply", text: "again" });
    await runModelStep(createOpenAiResponsesProvider(wire.config()), delta());
    expect(wire.server.requests).toHaveLength(3);
    expect(wire.server.requests[2]?.body).toMatchObject({ store: false });
    expect(wire.server.requests[2]?.body.previous_response_id).toBeUndefined();
  });

  it("vLLM: store answered with 501 is not retried as a server error but replayed without store, remembered", async () => {
    wire.server.enqueue(
      { type: "recorded", fixture: "vllm-responses-store.501.json" },
      { type: "recorded", fixture: "vllm-responses-function-call.sse" },
    );
    const step = await runModelStep(createOpenAiResponsesProvider(wire.config()), delta());
    expect(step.toolCalls).toEqual([{ id: "call_9c1e2f", ...lookup }]);
    expect(wire.server.requests.map((sent) => sent.body.store)).toEqual([true, false]);
    wire.server.enqueue({ type: "reply", text: "again" });
    await runModelStep(createOpenAiResponsesProvider(wire.config()), request());
    expect(wire.server.requests.map((sent) => sent.body.store)).toEqual([true, false, false]);
  });

  it("OPENAI_STORE off: never stored, never continued, always the whole transcript", async () => {
    wire.server.enqueue({ type: "reply", text: "private" });
    await runModelStep(createOpenAiResponsesProvider(wire.config({ store: false })), delta());
    expect(wire.server.requests[0]?.body).toMatchObject({ store: false });
    expect(wire.server.requests[0]?.body.previous_response_id).toBeUndefined();
    expect(wire.server.requests[0]?.body.input).toHaveLength(3);
  });
});
