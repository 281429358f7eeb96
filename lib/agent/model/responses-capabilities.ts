/*
 * What each Responses API server turned out to support, learned from its answers and kept for
 * the life of the process: one provider is created per run, but the server behind a base URL and
 * model does not change between runs. Stock vLLM refuses `store: true` (501 Not Implemented);
 * Ollama accepts `previous_response_id` and silently ignores it. Either way the provider sends the
 * whole transcript from then on instead of relying on the server's memory.
 */
export type ResponsesCapabilities = { keepsStoredResponses: boolean };

const learned = new Map<string, ResponsesCapabilities>();

export function capabilitiesKey(baseUrl: string | undefined, model: string): string {
  return `${baseUrl ?? "https://api.openai.com/v1"}|${model}`;
}

export function responsesCapabilities(key: string): ResponsesCapabilities {
  return learned.get(key) ?? { keepsStoredResponses: true };
}

export function learnNoStoredResponses(key: string): void {
  learned.set(key, { keepsStoredResponses: false });
}

// Tests start servers on fresh ports, so only they need this.
export function forgetLearnedCapabilities(): void {
  learned.clear();
}
