import type {
  FinishReason,
  ModelEvent,
  ModelProvider,
  ModelRequest,
  ToolCallRequest,
} from "./model/provider";

export type ModelStep = {
  text: string;
  reasoning: string | null;
  toolCalls: ToolCallRequest[];
  finishReason: FinishReason;
  responseId: string | null;
  inputTokens: number;
  outputTokens: number;
  // False when the server sent no usage: the zeros above then mean "unknown".
  usageReported: boolean;
  costMicroUsd: number;
};

// One model request, drained into a step the loop can persist in a single write. Nothing is
// stored until the provider finished: a stream that breaks half-way leaves no partial step.
// `observe` sees every event as it arrives (live previews); it must not throw.
export async function runModelStep(
  provider: ModelProvider,
  request: ModelRequest,
  observe?: (event: ModelEvent) => void,
): Promise<ModelStep> {
  let text = "";
  let reasoning: string[] = [];
  let toolCalls: ToolCallRequest[] = [];
  let usage = { inputTokens: 0, outputTokens: 0 };
  let usageReported = false;
  let finish: { reason: FinishReason; responseId?: string } | undefined;
  for await (const event of provider.stream(request)) {
    observe?.(event);
    switch (event.type) {
      case "restart":
        text = "";
        reasoning = [];
        toolCalls = [];
        break;
      case "text_delta":
        text += event.text;
        break;
      case "reasoning_summary":
        reasoning.push(event.text);
        break;
      case "tool_call":
        toolCalls.push(event.call);
        break;
      case "usage":
        usage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
        usageReported = true;
        break;
      case "finish":
        finish = event;
        break;
    }
  }
  if (!finish) throw new Error(`${provider.id} ended its stream without a finish event`);
  return {
    text,
    reasoning: reasoning.length > 0 ? reasoning.join("\n") : null,
    toolCalls,
    finishReason: finish.reason,
    responseId: finish.responseId ?? null,
    ...usage,
    usageReported,
    costMicroUsd: provider.costMicroUsd(usage),
  };
}
