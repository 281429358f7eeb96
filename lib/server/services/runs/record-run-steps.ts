import "server-only";
import type { ToolCallRequest } from "@/lib/agent/model/provider";
import type { ModelStep } from "@/lib/agent/run-turn";
import type { ToolCallOutcome } from "@/lib/agent/tools/execute-tool-call";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { assertLease } from "./run-lease";

export type StepWriter = {
  db: PrismaClient;
  runId: string;
  conversationId: string;
  owner: string;
  provider: string;
  model: string;
};

export const FINAL_REPLY_CALL_PREFIX = "final_reply_";

export function isFinalReplyCall(toolCallId: string | null): boolean {
  return toolCallId?.startsWith(FINAL_REPLY_CALL_PREFIX) ?? false;
}

// A model output and the tool calls it asked for are written in one transaction, so a crash can
// never leave a call that the transcript does not know it asked for. `finalReply` turns a plain
// text answer into a send_customer_message call made on the model's behalf: many compatible
// models answer in text instead of calling the tool, and the customer must still hear back.
export async function recordModelStep(
  writer: StepWriter,
  step: ModelStep,
  nextSequence: number,
  finalReply?: string,
): Promise<{ calls: ToolCallRequest[]; nextSequence: number }> {
  return writer.db.$transaction(async (tx) => {
    await assertLease(tx, writer.runId, writer.owner);
    const calls = finalReply
      ? [
          {
            id: `${FINAL_REPLY_CALL_PREFIX}${nextSequence}`,
            name: "send_customer_message",
            argumentsJson: JSON.stringify({ body: finalReply.slice(0, 4000) }),
          },
        ]
      : await uniqueCallIds(tx, writer.runId, step.toolCalls);
    let sequence = nextSequence;
    await tx.runStep.create({
      data: {
        ...stepBase(writer, sequence++),
        kind: "model_output",
        text: step.text,
        reasoning: step.reasoning,
        finishReason: step.finishReason,
        inputTokens: step.inputTokens,
        outputTokens: step.outputTokens,
        costMicroUsd: step.costMicroUsd,
      },
    });
    for (const call of calls) {
      await tx.runStep.create({
        data: {
          ...stepBase(writer, sequence++),
          kind: "tool_call",
          toolCallId: call.id,
          toolName: call.name,
          toolArgs: parsedOrRaw(call.argumentsJson),
        },
      });
    }
    await tx.run.update({
      where: { id: writer.runId },
      data: {
        stepCount: sequence,
        inputTokens: { increment: step.inputTokens },
        outputTokens: { increment: step.outputTokens },
        costMicroUsd: { increment: step.costMicroUsd },
        ...(step.responseId && { providerResponseId: step.responseId }),
      },
    });
    await publishStep(tx, writer, nextSequence, "model_output");
    return { calls, nextSequence: sequence };
  });
}

export async function recordToolResult(
  writer: StepWriter,
  call: ToolCallRequest,
  outcome: ToolCallOutcome,
  sequence: number,
): Promise<void> {
  await writer.db.$transaction(async (tx) => {
    await assertLease(tx, writer.runId, writer.owner);
    await tx.runStep.create({
      data: {
        ...stepBase(writer, sequence),
        kind: "tool_result",
        toolCallId: call.id,
        toolName: call.name,
        toolResult: outcome.result as Prisma.InputJsonValue,
        isError: outcome.isError,
      },
    });
    await tx.run.update({ where: { id: writer.runId }, data: { stepCount: sequence + 1 } });
    await publishStep(tx, writer, sequence, "tool_result");
  });
}

function stepBase(writer: StepWriter, sequence: number) {
  return {
    runId: writer.runId,
    sequence,
    provider: writer.provider,
    model: writer.model,
    processId: writer.owner,
  };
}

function publishStep(
  tx: Prisma.TransactionClient,
  writer: StepWriter,
  sequence: number,
  kind: string,
) {
  return publishRealtime(tx, {
    topic: "run.step",
    conversationId: writer.conversationId,
    payload: { runId: writer.runId, sequence, kind },
  });
}

// Some compatible servers reuse ids like "call_0" on every response; a tool result is keyed by
// (run, call id), so a reused id would read back an earlier call's result.
async function uniqueCallIds(
  tx: Prisma.TransactionClient,
  runId: string,
  calls: ToolCallRequest[],
): Promise<ToolCallRequest[]> {
  const existing = await tx.runStep.findMany({
    where: { runId, kind: "tool_call" },
    select: { toolCallId: true },
  });
  const taken = new Set(existing.map((step) => step.toolCallId));
  return calls.map((call, index) => {
    let id = call.id;
    if (taken.has(id)) id = `${call.id}_${existing.length + index}`;
    taken.add(id);
    return { ...call, id };
  });
}

function parsedOrRaw(argumentsJson: string): Prisma.InputJsonValue {
  try {
    const parsed: unknown = JSON.parse(argumentsJson);
    return parsed === null ? argumentsJson : (parsed as Prisma.InputJsonValue);
  } catch {
    return argumentsJson;
  }
}
