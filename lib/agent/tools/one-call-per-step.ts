import type { ToolCallRequest } from "@/lib/agent/model/provider";
import type { ToolCallOutcome } from "./execute-tool-call";

/*
 * One tool call per model step, whatever the server does: many servers (llama.cpp, Ollama) ignore
 * `parallel_tool_calls: false` and return several calls in one answer. Only the first runs, so a
 * step can never send the customer two messages or write three notes; every other call is
 * answered with this error, without running, so the model sees why and can ask again.
 */
export function oneCallPerStepRefusal(ran: ToolCallRequest): ToolCallOutcome {
  return {
    result: {
      error: `Not run: one tool call per step. Only the first call of this step (${ran.name}) ran. Read its result, then make this call again in its own step if it is still needed.`,
    },
    isError: true,
  };
}
