import OpenAI, { NotFoundError } from "openai";
import type { ResponseInputItem, ResponseStreamEvent } from "openai/resources/responses/responses";
import { withinContext } from "./context-budget";
import { mergeUserTurns } from "./merge-user-turns";
import { costMicroUsd } from "./model-pricing";
import type { OpenAiConfig } from "./openai-chat";
import {
  type FinishReason,
  type ModelEvent,
  type ModelProvider,
  ModelProviderError,
  type ModelRequest,
  ModelStreamError,
  type TranscriptItem,
} from "./provider";
import {
  capabilitiesKey,
  learnNoStoredResponses,
  responsesCapabilities,
} from "./responses-capabilities";
import { retryBeforeFirstEvent } from "./retry-before-first-event";
import { labelledUserText, STATE_NOTE_LABEL } from "./transcript-labels";

// Responses API with provider-side storage as an optimisation only: with a previous response id
// just the items after that response are sent. Providers forget stored responses (OpenAI after 30
// days, many compatible servers never keep them), so a "not found" replays the whole transcript
// from Postgres instead of failing the run. A server that refuses `store` or ignores the previous
// response id is remembered (responses-capabilities.ts) and gets the whole transcript from then on.
export function createOpenAiResponsesProvider(config: OpenAiConfig): ModelProvider {
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 0 });
  const key = capabilitiesKey(config.baseUrl, config.model);
  const retry = (request: ModelRequest, storage: Storage) =>
    retryBeforeFirstEvent(() => streamResponse(client, config.model, request, storage), {
      maxRetries: config.maxRetries ?? 5,
      baseDelayMs: config.retryBaseDelayMs ?? 500,
      signal: request.signal,
    });
  const replay: Storage = { store: false };
  return {
    id: "openai-responses",
    model: config.model,
    costMicroUsd: (usage) => costMicroUsd(config.prices, usage),
    async *stream(whole) {
      const request = withinContext(whole, config.contextTokens);
      if (config.store === false || !responsesCapabilities(key).keepsStoredResponses) {
        return yield* retry(request, replay);
      }
      const previousResponseId = request.previousResponseId;
      try {
        return yield* retry(request, { store: true, previousResponseId });
      } catch (error) {
        if (storageUnsupported(error)) {
          learnNoStoredResponses(key);
        } else if (!(previousResponseId && isStoredResponseGone(error))) {
          throw error;
        }
      }
      yield* retry(
        request,
        responsesCapabilities(key).keepsStoredResponses ? { store: true } : replay,
      );
    },
  };
}

type Storage = { store: boolean; previousResponseId?: string };

// Raised before any output when the server answered a delta request without the stored context.
class PreviousResponseIgnoredError extends ModelProviderError {
  constructor() {
    super("The server ignored previous_response_id", false);
    this.name = "PreviousResponseIgnoredError";
  }
}

function storageUnsupported(error: unknown): boolean {
  if (error instanceof PreviousResponseIgnoredError) return true;
  const status = error instanceof ModelProviderError ? error.status : undefined;
  const message = error instanceof Error ? error.message : "";
  return status === 501 || ((status === 400 || status === 422) && /\bstore\b/i.test(message));
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
  { store, previousResponseId }: Storage,
): AsyncIterable<ModelEvent> {
  const input = toResponseInput(
    previousResponseId ? itemsAfterLastAssistant(request.transcript) : request.transcript,
    request.stateNote,
  );
  const stream = await client.responses.create(
    {
      model,
      stream: true,
      store,
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
  let checked = false;
  // Function calls being streamed, for previews of a reply while it arrives. They are keyed by
  // item id, which every server sends on both the item and its argument deltas; llama.cpp sends no
  // `output_index` at all (and older builds no item id, only the call id the deltas name).
  const callsInProgress = new Map<
    string,
    { position: number; name: string; argumentsJson: string }
  >();
  for await (const event of stream as AsyncIterable<ResponseStreamEvent>) {
    // The first event naming its response says whether the server continued the stored one.
    if (!checked && "response" in event) {
      checked = true;
      if (previousResponseId && event.response.previous_response_id !== previousResponseId) {
        throw new PreviousResponseIgnoredError();
      }
    }
    switch (event.type) {
      case "response.output_text.delta":
        yield { type: "text_delta", text: event.delta };
        break;
      case "response.output_item.added":
        if (event.item.type === "function_call") {
          callsInProgress.set(event.item.id ?? event.item.call_id, {
            position: callsInProgress.size,
            name: event.item.name,
            argumentsJson: "",
          });
        }
        break;
      case "response.function_call_arguments.delta": {
        const call = callsInProgress.get(event.item_id);
        if (call) {
          call.argumentsJson += event.delta;
          yield { type: "tool_call_progress", ...call };
        }
        break;
      }
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
        throw new ModelStreamError(event.response.error?.message ?? "Response failed");
      case "error":
        throw new ModelStreamError(event.message);
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

/*
 * Every item names its type, and earlier assistant text is an output message with `output_text`
 * parts: servers that implement the Responses API by converting it (llama.cpp) read an item only
 * in the forms the API defines and refuse an untyped assistant turn ("Cannot determine type of
 * 'item'").
 */
export function toResponseInput(
  transcript: TranscriptItem[],
  stateNote?: string,
): ResponseInputItem[] {
  const input: ResponseInputItem[] = [];
  for (const item of transcript) {
    switch (item.kind) {
      case "customer":
      case "staff":
      case "system_note":
        input.push(userMessage(labelledUserText(item)));
        break;
      case "assistant":
        if (item.text) input.push(assistantMessage(item.text));
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
  if (stateNote) input.push(userMessage(`${STATE_NOTE_LABEL}${stateNote}`));
  return mergeUserTurns(input);
}

function userMessage(text: string): ResponseInputItem {
  return { type: "message", role: "user", content: text };
}

// The SDK types an output message with the id and status of a response it came from; an earlier
// turn replayed from Postgres has neither, and the API takes the message without them.
function assistantMessage(text: string): ResponseInputItem {
  return {
    type: "message",
    role: "assistant",
    content: [{ type: "output_text", text, annotations: [] }],
  } as unknown as ResponseInputItem;
}
