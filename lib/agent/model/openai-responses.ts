import OpenAI, { NotFoundError } from "openai";
import type { ResponseInputItem, ResponseStreamEvent } from "openai/resources/responses/responses";
import { costMicroUsd } from "./model-pricing";
import type { OpenAiConfig } from "./openai-chat";
import {
  type FinishReason,
  type ModelEvent,
  type ModelProvider,
  ModelProviderError,
  type ModelRequest,
  type TranscriptItem,
} from "./provider";
import { retryBeforeFirstEvent } from "./retry-before-first-event";
import { labelledUserText } from "./transcript-labels";

// Responses API with provider-side storage as an optimisation only: with a previous response id
// just the items after that response are sent. Providers forget stored responses (OpenAI after 30
// days, many compatible servers never keep them), so a "not found" replays the whole transcript
// from Postgres instead of failing the run.
export function createOpenAiResponsesProvider(config: OpenAiConfig): ModelProvider {
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 0 });
  const retry = (request: ModelRequest, previousResponseId: string | undefined) =>
    retryBeforeFirstEvent(() => streamResponse(client, config.model, request, previousResponseId), {
      maxRetries: config.maxRetries ?? 5,
      baseDelayMs: config.retryBaseDelayMs ?? 500,
      signal: request.signal,
    });
  return {
    id: "openai-responses",
    model: config.model,
    costMicroUsd: (usage) => costMicroUsd(config.prices, usage),
    async *stream(request) {
      if (!request.previousResponseId) return yield* retry(request, undefined);
      try {
        return yield* retry(request, request.previousResponseId);
      } catch (error) {
        if (!isStoredResponseGone(error)) throw error;
      }
      yield* retry(request, undefined);
    },
  };
}

function isStoredResponseGone(error: unknown): boolean {
  if (error instanceof NotFoundError) return true;
  return (
    error instanceof ModelProviderError &&
    (error.status === 404 || /previous[_ ]response.*not found/i.test(error.message))
  );
}

async function* streamResponse(
  client: OpenAI,
  model: string,
  request: ModelRequest,
  previousResponseId: string | undefined,
): AsyncIterable<ModelEvent> {
  const input = toResponseInput(
    previousResponseId ? itemsAfterLastAssistant(request.transcript) : request.transcript,
  );
  const stream = await client.responses.create(
    {
      model,
      stream: true,
      store: true,
      instructions: request.system,
      parallel_tool_calls: false,
      input,
      ...(previousResponseId && { previous_response_id: previousResponseId }),
      tools: request.tools.map((tool) => ({
        type: "function" as const,
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters,
        strict: false,
      })),
    },
    { signal: request.signal },
  );

  let finished = false;
  for await (const event of stream as AsyncIterable<ResponseStreamEvent>) {
    switch (event.type) {
      case "response.output_text.delta":
        yield { type: "text_delta", text: event.delta };
        break;
      case "response.reasoning_summary_text.done":
        yield { type: "reasoning_summary", text: event.text };
        break;
      case "response.output_item.done":
        if (event.item.type === "function_call") {
          yield {
            type: "tool_call",
            call: {
              id: event.item.call_id,
              name: event.item.name,
              argumentsJson: event.item.arguments,
            },
          };
        }
        break;
      case "response.completed":
      case "response.incomplete": {
        const response = event.response;
        if (response.usage) {
          yield {
            type: "usage",
            inputTokens: response.usage.input_tokens,
            outputTokens: response.usage.output_tokens,
          };
        }
        yield { type: "finish", reason: finishReasonOf(event), responseId: response.id };
        finished = true;
        break;
      }
      case "response.failed":
        throw new ModelProviderError(event.response.error?.message ?? "Response failed", true);
      case "error":
        throw new ModelProviderError(event.message, false);
    }
  }
  if (request.signal.aborted) throw new OpenAI.APIUserAbortError();
  if (!finished) throw new ModelProviderError("The model stream ended before finishing", true);
}

function finishReasonOf(
  event: Extract<ResponseStreamEvent, { type: "response.completed" | "response.incomplete" }>,
): FinishReason {
  if (event.type === "response.incomplete") {
    return event.response.incomplete_details?.reason === "content_filter"
      ? "content_filter"
      : "length";
  }
  return event.response.output.some((item) => item.type === "function_call")
    ? "tool_calls"
    : "stop";
}

// The stored response already holds everything up to and including its own output.
export function itemsAfterLastAssistant(transcript: TranscriptItem[]): TranscriptItem[] {
  const last = transcript.findLastIndex((item) => item.kind === "assistant");
  return transcript.slice(last + 1);
}

export function toResponseInput(transcript: TranscriptItem[]): ResponseInputItem[] {
  const input: ResponseInputItem[] = [];
  for (const item of transcript) {
    switch (item.kind) {
      case "customer":
      case "staff":
      case "system_note":
        input.push({ role: "user", content: labelledUserText(item) });
        break;
      case "assistant":
        if (item.text) input.push({ role: "assistant", content: item.text });
        for (const call of item.toolCalls) {
          input.push({
            type: "function_call",
            call_id: call.id,
            name: call.name,
            arguments: call.argumentsJson,
          });
        }
        break;
      case "tool_result":
        input.push({
          type: "function_call_output",
          call_id: item.toolCallId,
          output: item.resultJson,
        });
        break;
    }
  }
  return input;
}
