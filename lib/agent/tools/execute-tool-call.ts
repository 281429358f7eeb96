import { z } from "zod";
import type { ToolCallRequest, ToolSpec } from "@/lib/agent/model/provider";
import { withinGrammarLimits } from "./model-facing-schema";
import { type AgentTool, type ToolContext, ToolError, type ToolResult } from "./tool-types";

export type ToolCallOutcome = {
  result: ToolResult;
  isError: boolean;
};

// The model sees the schema within every server's grammar limits; the call is parsed with the
// tool's full zod schema, so the limits left out there are still enforced.
export function toToolSpec(tool: AgentTool): ToolSpec {
  const { $schema: _ignored, ...parameters } = withinGrammarLimits(
    z.toJSONSchema(tool.schema),
  ) as Record<string, unknown>;
  return { name: tool.name, description: tool.description, parameters };
}

// Every way a model can get a call wrong becomes a result it can read and recover from; only an
// unexpected failure of our own code escapes as an exception.
export async function executeToolCall(
  tools: ReadonlyMap<string, AgentTool>,
  call: ToolCallRequest,
  context: ToolContext,
): Promise<ToolCallOutcome> {
  const tool = tools.get(call.name);
  if (!tool) {
    return toolError(`Unknown tool "${call.name}".`, { availableTools: [...tools.keys()] });
  }
  let raw: unknown;
  try {
    raw = call.argumentsJson.trim() === "" ? {} : JSON.parse(call.argumentsJson);
  } catch {
    return toolError(`The arguments for ${call.name} are not valid JSON. Send a JSON object.`, {
      received: call.argumentsJson.slice(0, 500),
    });
  }
  const parsed = tool.schema.safeParse(raw);
  if (!parsed.success) {
    return toolError(`Invalid arguments for ${call.name}.`, {
      issues: parsed.error.issues.map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      })),
    });
  }
  try {
    return { result: await tool.execute(parsed.data, context), isError: false };
  } catch (error) {
    if (error instanceof ToolError) return toolError(error.message, error.details);
    throw error;
  }
}

function toolError(message: string, details?: Record<string, unknown>): ToolCallOutcome {
  return { result: { error: message, ...details }, isError: true };
}
