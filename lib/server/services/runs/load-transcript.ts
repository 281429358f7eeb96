import "server-only";
import type { SystemNoteFacts, ToolCallRequest, TranscriptItem } from "@/lib/agent/model/provider";
import { customerIntentNoteSchema } from "@/lib/domain/customer-intent-note";
import type { Message, PrismaClient, RunStep } from "@/lib/generated/prisma/client";

type Block = { at: number; items: TranscriptItem[] };

/*
 * Rebuilds what the model sees from Postgres alone: the conversation's messages plus every run's
 * steps. A model output travels with its tool calls and their results as one block, so a message
 * that arrived mid-step can never split a tool call from its result (the wire formats forbid it).
 */
export async function loadTranscript(
  db: PrismaClient,
  conversationId: string,
): Promise<TranscriptItem[]> {
  const [messages, steps] = await Promise.all([
    db.message.findMany({
      where: { conversationId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    db.runStep.findMany({
      where: { run: { conversationId } },
      // Within a run, sequence is the order; clocks of different processes may disagree.
      orderBy: [{ run: { createdAt: "asc" } }, { runId: "asc" }, { sequence: "asc" }],
    }),
  ]);
  return buildTranscript(messages, steps);
}

/** The columns of a message the transcript reads. */
export type TranscriptMessage = Pick<
  Message,
  | "id"
  | "body"
  | "authorKind"
  | "runId"
  | "presentedActionId"
  | "noteKind"
  | "noteData"
  | "createdAt"
>;

/*
 * The transcript from messages in (createdAt, id) order and steps in the order loadTranscript
 * reads them (run creation, run id, sequence), for callers that already hold both: the loop
 * keeps its steps in memory and reads only the messages before each model step.
 */
export function buildTranscript(
  messages: readonly TranscriptMessage[],
  steps: readonly RunStep[],
): TranscriptItem[] {
  return mergeByTime(
    messages.flatMap((message) => messageBlock(message)),
    stepBlocks(steps),
  ).flatMap((block) => block.items);
}

// Both lists are already in order; merging (rather than sorting) keeps each run's steps in
// sequence order even if the clocks of the processes that wrote them disagree.
function mergeByTime(messages: Block[], steps: Block[]): Block[] {
  const merged: Block[] = [];
  let m = 0;
  let s = 0;
  while (m < messages.length || s < steps.length) {
    const message = messages[m];
    const step = steps[s];
    if (message && (!step || message.at <= step.at)) {
      merged.push(message);
      m += 1;
    } else if (step) {
      merged.push(step);
      s += 1;
    }
  }
  return merged;
}

function messageBlock(message: TranscriptMessage): Block[] {
  const at = message.createdAt.getTime();
  const base = { messageId: message.id, text: message.body };
  switch (message.authorKind) {
    case "customer":
      return [{ at, items: [{ kind: "customer", ...base }] }];
    case "staff":
      return [{ at, items: [{ kind: "staff", ...base }] }];
    case "system": {
      const facts = noteFacts(message);
      return [{ at, items: [{ kind: "system_note", ...base, ...(facts && { facts }) }] }];
    }
    case "agent":
      // Replies the agent wrote through a tool are already in the transcript as that tool call.
      if (message.runId) return [];
      if (message.presentedActionId) {
        const actionId = message.presentedActionId;
        const shown = `The system showed the customer this quote again (refund ${actionId}):\n${message.body}`;
        const facts: SystemNoteFacts = { kind: "quote_shown", actionId };
        return [{ at, items: [{ kind: "system_note", ...base, text: shown, facts }] }];
      }
      return [
        {
          at,
          items: [{ kind: "system_note", ...base, text: `Sent on our behalf: ${message.body}` }],
        },
      ];
  }
}

// A system note is typed only by its columns; one without them (any note written before they
// existed) is a plain note, whatever its text says. Data that does not parse is a bug, not a
// note to guess at, so it fails the step.
function noteFacts(message: TranscriptMessage): SystemNoteFacts | undefined {
  if (message.noteKind !== "customer_intent") return undefined;
  return { kind: "customer_intent", ...customerIntentNoteSchema.parse(message.noteData) };
}

function stepBlocks(steps: readonly RunStep[]): Block[] {
  const results = new Map(
    steps
      .filter((step) => step.kind === "tool_result")
      .map((step) => [`${step.runId}:${step.toolCallId}`, step]),
  );
  const blocks: Block[] = [];
  let current: { block: Block; calls: ToolCallRequest[]; runId: string } | undefined;
  const close = () => {
    if (!current) return;
    for (const call of current.calls) {
      const result = results.get(`${current.runId}:${call.id}`);
      current.block.items.push({
        kind: "tool_result",
        toolCallId: call.id,
        toolName: call.name,
        // A call from a run that was stopped before executing it still needs an answer on the wire.
        resultJson: result
          ? JSON.stringify(result.toolResult)
          : '{"error":"This tool call was not executed."}',
        isError: result ? result.isError : true,
        stepId: result?.id ?? "",
      });
    }
    current = undefined;
  };
  for (const step of steps) {
    if (step.kind === "model_output") {
      close();
      const calls: ToolCallRequest[] = [];
      const block: Block = {
        at: step.createdAt.getTime(),
        items: [{ kind: "assistant", text: step.text ?? "", toolCalls: calls, stepId: step.id }],
      };
      blocks.push(block);
      current = { block, calls, runId: step.runId };
    } else if (step.kind === "tool_call" && current && current.runId === step.runId) {
      current.calls.push({
        id: step.toolCallId ?? "",
        name: step.toolName ?? "",
        argumentsJson: storedArgumentsJson(step.toolArgs),
      });
    }
  }
  close();
  return blocks;
}

// Arguments that were not valid JSON are stored as the raw string the model sent.
export function storedArgumentsJson(toolArgs: unknown): string {
  return typeof toolArgs === "string" ? toolArgs : JSON.stringify(toolArgs ?? {});
}
