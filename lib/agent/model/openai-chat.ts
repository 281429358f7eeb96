import OpenAI from "openai";
import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { createToolCallAssembler } from "./assemble-tool-calls";
import { withinContext } from "./context-budget";
import { mergeUserTurns } from "./merge-user-turns";
import { costMicroUsd, type ModelPrices } from "./model-pricing";
import {
  type FinishReason,
  type ModelEvent,
  type ModelProvider,
  ModelProviderError,
  type ModelRequest,
  type TranscriptItem,
} from "./provider";
import { retryBeforeFirstEvent } from "./retry-before-first-event";
import { labelledUserText, STATE_NOTE_LABEL } from "./transcript-labels";

export type OpenAiConfig = {
  apiKey: string;
  baseUrl?: string;
  model: string;
  prices: ModelPrices;
  maxRetries?: number;
  retryBaseDelayMs?: number;
  // Responses API only: whether the provider may keep the conversation (see select-provider.ts).
  store?: boolean;
  // The model's context size (MODEL_CONTEXT_TOKENS): longer requests are trimmed by code to fit
  // (context-budget.ts). Unset: sent whole.
  contextTokens?: number;
};

// Chat Completions: the widest-supported OpenAI-compatible wire format (OpenAI, xAI, Ollama, vLLM,
// llama.cpp). The full transcript is sent every time; Postgres is the only conversation store.
export function createOpenAiChatProvider(config: OpenAiConfig): ModelProvider {
  // The SDK's own retries are off: ours stop at the first streamed token (see retryBeforeFirstEvent).
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 0 });
  return {
    id: "openai-chat",
    model: config.model,
    costMicroUsd: (usage) => costMicroUsd(config.prices, usage),
    stream: (request) =>
      retryBeforeFirstEvent(
        () => streamChat(client, config.model, withinContext(request, config.contextTokens)),
        {
          maxRetries: config.maxRetries ?? 5,
          baseDelayMs: config.retryBaseDelayMs ?? 500,
          signal: request.signal,
        },
      ),
  };
}

async function* streamChat(
  client: OpenAI,
  model: string,
  request: ModelRequest,
): AsyncIterable<ModelEvent> {
  const stream = await client.chat.completions.create(
    {
      model,
      stream: true,
      stream_options: { include_usage: true },
      parallel_tool_calls: false,
      messages: toChatMessages(request.system, request.transcript, request.stateNote),
      tools: request.tools.map(
        (tool): ChatCompletionTool => ({
          type: "function",
          function: { name: tool.name, description: tool.description, parameters: tool.parameters },
        }),
      ),
    },
    { signal: request.signal },
  );

  const calls = createToolCallAssembler();
  let finishReason: FinishReason | undefined;
  for await (const chunk of stream) {
    yield* usageOf(chunk);
    // Some servers send `choices: null` on the usage chunk, others omit `delta` or `content`.
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (choice.delta?.content) yield { type: "text_delta", text: choice.delta.content };
    for (const delta of choice.delta?.tool_calls ?? []) {
      yield { type: "tool_call_progress", ...calls.add(delta) };
    }
    if (choice.finish_reason) finishReason = mapFinishReason(choice.finish_reason);
  }
  // Aborting mid-stream ends the SDK's loop silently; a half-read answer must not look complete.
  if (request.signal.aborted) throw new OpenAI.APIUserAbortError();
  if (!finishReason) throw new ModelProviderError("The model stream ended before finishing", true);
  for (const call of calls.complete()) yield { type: "tool_call", call };
  yield { type: "finish", reason: finishReason };
}

function* usageOf(chunk: ChatCompletionChunk): Iterable<ModelEvent> {
  const usage = chunk.usage;
  if (typeof usage?.prompt_tokens === "number" && typeof usage.completion_tokens === "number") {
    yield {
      type: "usage",
      inputTokens: usage.prompt_tokens,
      outputTokens: usage.completion_tokens,
    };
  }
}

function mapFinishReason(reason: string): FinishReason {
  if (reason === "stop" || reason === "tool_calls" || reason === "length") return reason;
  if (reason === "content_filter") return "content_filter";
  if (reason === "function_call") return "tool_calls";
  return "other";
}

export function toChatMessages(
  system: string,
  transcript: TranscriptItem[],
  stateNote?: string,
): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [{ role: "system", content: system }];
  for (const item of transcript) {
    switch (item.kind) {
      case "customer":
      case "staff":
      case "system_note":
        messages.push({ role: "user", content: labelledUserText(item) });
        break;
      case "assistant":
        messages.push({
          role: "assistant",
          // Null beside tool calls is the standard; an empty turn needs a string for most servers.
          content: item.text || (item.toolCalls.length > 0 ? null : ""),
          ...(item.toolCalls.length > 0 && {
            tool_calls: item.toolCalls.map((call) => ({
              id: call.id,
              type: "function" as const,
              function: { name: call.name, arguments: call.argumentsJson },
            })),
          }),
        });
        break;
      case "tool_result":
        messages.push({ role: "tool", tool_call_id: item.toolCallId, content: item.resultJson });
        break;
    }
  }
  if (stateNote) messages.push({ role: "user", content: `${STATE_NOTE_LABEL}${stateNote}` });
  return mergeUserTurns(messages);
}
