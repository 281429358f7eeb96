import type { z } from "zod";
import type { PrismaClient } from "@/lib/generated/prisma/client";

// Everything a handler may rely on. The customer comes from the conversation row, never from the
// model's arguments: that is the scope every id the model sends is checked against.
export type ToolContext = {
  db: PrismaClient;
  runId: string;
  toolCallId: string;
  now: Date;
  conversation: {
    id: string;
    channel: "chat" | "email";
    subject: string;
    customerId: string;
    customerName: string;
    customerEmail: string;
  };
};

export type ToolResult = Record<string, unknown>;

export type AgentTool<Schema extends z.ZodObject = z.ZodObject> = {
  name: string;
  description: string;
  schema: Schema;
  execute(args: z.infer<Schema>, context: ToolContext): Promise<ToolResult>;
};

// A refusal the model can act on (out-of-scope id, nothing eligible…): recorded as an error step
// and returned to the model as the tool result, not raised as a run failure.
export class ToolError extends Error {
  constructor(
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ToolError";
  }
}

export function defineTool<Schema extends z.ZodObject>(tool: AgentTool<Schema>): AgentTool<Schema> {
  return tool;
}

// Deterministic keys make a re-executed call (after a crash between side effect and result)
// land on the row it already created.
export function toolIdempotencyKey(context: Pick<ToolContext, "runId" | "toolCallId">): string {
  return `${context.runId}:${context.toolCallId}`;
}
