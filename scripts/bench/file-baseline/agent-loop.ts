import { writeFile } from "node:fs/promises";
import type OpenAI from "openai";
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { agentToolSpecs } from "@/lib/agent/tools/registry";
import type { FileBaselineCustomer } from "./seed";
import { type FileRunState, runFileTool } from "./tools";

/*
 * The reference example's loop: the whole conversation held in memory, one streamed Chat
 * Completions request per step through the `openai` SDK with our tool schemas,
 * the first tool call run in process, and the run's state rewritten as one JSON file after each
 * step (fs.writeFile, no fsync). A reply without a tool call ends the run.
 */

const MAX_STEPS = 12;

const TOOLS: ChatCompletionTool[] = agentToolSpecs().map((tool) => ({
  type: "function",
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
}));

type AssembledCall = { id: string; name: string; arguments: string };

export async function runFileAgent(
  client: OpenAI,
  model: string,
  customer: FileBaselineCustomer,
  state: FileRunState,
  statePath: string,
): Promise<void> {
  const messages = state.messages as ChatCompletionMessageParam[];
  for (let step = 0; step < MAX_STEPS; step++) {
    const stream = await client.chat.completions.create({
      model,
      stream: true,
      stream_options: { include_usage: true },
      parallel_tool_calls: false,
      messages,
      tools: TOOLS,
    });
    let text = "";
    const calls: AssembledCall[] = [];
    for await (const chunk of stream) {
      const delta = chunk.choices?.[0]?.delta;
      if (delta?.content) text += delta.content;
      for (const part of delta?.tool_calls ?? []) {
        const call = calls[part.index] ?? { id: "", name: "", arguments: "" };
        calls[part.index] = call;
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name = part.function.name;
        call.arguments += part.function?.arguments ?? "";
      }
    }
    messages.push({
      role: "assistant",
      content: text || (calls.length > 0 ? null : ""),
      ...(calls.length > 0 && {
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: "function" as const,
          function: { name: call.name, arguments: call.arguments },
        })),
      }),
    });
    const [call] = calls;
    if (!call) {
      if (text) runFileTool("send_customer_message", { body: text }, customer, state);
      state.status = "completed";
      await writeFile(statePath, JSON.stringify(state));
      return;
    }
    let result: unknown;
    try {
      result = runFileTool(call.name, JSON.parse(call.arguments || "{}"), customer, state);
    } catch (error) {
      result = { error: error instanceof Error ? error.message : String(error) };
    }
    messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(result) });
    await writeFile(statePath, JSON.stringify(state));
  }
  state.status = "completed";
  await writeFile(statePath, JSON.stringify(state));
}
