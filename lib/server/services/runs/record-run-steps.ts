import "server-only";
import type { ToolCallRequest } from "@/lib/agent/model/provider";
import type { ModelStep } from "@/lib/agent/run-turn";
import type { ToolCallOutcome } from "@/lib/agent/tools/execute-tool-call";
import { toStorableJson, toStorableText } from "@/lib/domain/storable-text";
import type { Prisma, PrismaClient, RunStep } from "@/lib/generated/prisma/client";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { retryTransientDatabaseErrors } from "@/lib/server/retry-transient";
import { assertLease, renewLeaseWithStep } from "./run-lease";

export type StepWriter = {
  db: PrismaClient;
  runId: string;
  conversationId: string;
  owner: string;
  provider: string;
  model: string;
  /** The run's abort signal: a write waiting out a database outage gives up when it fires. */
  signal?: AbortSignal;
};

export const FINAL_REPLY_CALL_PREFIX = "final_reply_";

export function isFinalReplyCall(toolCallId: string | null): boolean {
  return toolCallId?.startsWith(FINAL_REPLY_CALL_PREFIX) ?? false;
}

// What a step's transaction wrote, so the loop can keep the run's steps in memory instead of
// re-reading them, and whether a stop was requested meanwhile.
export type RecordedSteps = { steps: RunStep[]; stopRequested: boolean };

// A model output and the tool calls it asked for are written in one transaction, so a crash can
// never leave a call that the transcript does not know it asked for. `finalReply` turns a plain
// text answer into a send_customer_message call made on the model's behalf: many compatible
// models answer in text instead of calling the tool, and the customer must still hear back.
// `takenCallIds` are the call ids this run already recorded.
export async function recordModelStep(
  writer: StepWriter,
  step: ModelStep,
  nextSequence: number,
  takenCallIds: readonly (string | null)[],
  finalReply?: string,
): Promise<RecordedSteps & { calls: ToolCallRequest[] }> {
  const calls = (
    finalReply
      ? [
          {
            id: `${FINAL_REPLY_CALL_PREFIX}${nextSequence}`,
            name: "send_customer_message",
            argumentsJson: JSON.stringify({ body: finalReply.slice(0, 4000) }),
          },
        ]
      : uniqueCallIds(takenCallIds, step.toolCalls)
  ).map(storableCall);
  return inStepTransaction(writer, "record model step", async (tx, attempt) => {
    const stored = attempt > 1 ? await storedAlready(tx, writer, nextSequence) : null;
    if (stored) return { ...stored, calls };
    const { stopRequested } = await renewLeaseWithStep(tx, writer.runId, writer.owner, {
      stepCount: nextSequence + 1 + calls.length,
      inputTokens: step.inputTokens,
      outputTokens: step.outputTokens,
      costMicroUsd: step.costMicroUsd,
      providerResponseId: step.responseId || null,
    });
    let sequence = nextSequence;
    const steps = [
      await tx.runStep.create({
        data: {
          ...stepBase(writer, sequence++),
          kind: "model_output",
          text: toStorableText(step.text),
          reasoning: step.reasoning === null ? null : toStorableText(step.reasoning),
          finishReason: step.finishReason,
          inputTokens: step.inputTokens,
          outputTokens: step.outputTokens,
          costMicroUsd: step.costMicroUsd,
          usageReported: step.usageReported,
        },
      }),
    ];
    for (const call of calls) {
      steps.push(
        await tx.runStep.create({
          data: {
            ...stepBase(writer, sequence++),
            kind: "tool_call",
            toolCallId: call.id,
            toolName: call.name,
            toolArgs: parsedOrRaw(call.argumentsJson),
          },
        }),
      );
    }
    await publishStep(tx, writer, nextSequence, "model_output");
    return { calls, steps, stopRequested };
  });
}

export async function recordToolResult(
  writer: StepWriter,
  call: ToolCallRequest,
  outcome: ToolCallOutcome,
  sequence: number,
): Promise<RecordedSteps> {
  return inStepTransaction(writer, "record tool result", async (tx, attempt) => {
    const stored = attempt > 1 ? await storedAlready(tx, writer, sequence) : null;
    if (stored) return stored;
    const { stopRequested } = await renewLeaseWithStep(tx, writer.runId, writer.owner, {
      stepCount: sequence + 1,
    });
    const step = await tx.runStep.create({
      data: {
        ...stepBase(writer, sequence),
        kind: "tool_result",
        toolCallId: call.id,
        toolName: call.name,
        toolResult: toStorableJson(outcome.result) as Prisma.InputJsonValue,
        isError: outcome.isError,
      },
    });
    await publishStep(tx, writer, sequence, "tool_result");
    return { steps: [step], stopRequested };
  });
}

/*
 * A step's transaction, run again while the database is restarting or unreachable (see
 * retry-transient.ts). Every attempt starts with the lease check in the same statement that
 * renews it, so an attempt after the lease lapsed or another process claimed the run writes
 * nothing and fails with LeaseLostError.
 */
function inStepTransaction<T>(
  writer: StepWriter,
  label: string,
  work: (tx: Prisma.TransactionClient, attempt: number) => Promise<T>,
): Promise<T> {
  return retryTransientDatabaseErrors(
    (attempt) => writer.db.$transaction((tx) => work(tx, attempt)),
    { label, signal: writer.signal },
  );
}

/*
 * An earlier attempt whose COMMIT went through but whose answer was lost already stored the
 * steps from `sequence` on. While we hold the lease nobody else appends to the run, so those
 * rows are ours: they are returned, not written twice (the unique sequence would refuse it).
 */
async function storedAlready(
  tx: Prisma.TransactionClient,
  writer: StepWriter,
  sequence: number,
): Promise<RecordedSteps | null> {
  const { stopRequested } = await assertLease(tx, writer.runId, writer.owner);
  const steps = await tx.runStep.findMany({
    where: { runId: writer.runId, sequence: { gte: sequence } },
    orderBy: { sequence: "asc" },
  });
  return steps.length > 0 ? { steps, stopRequested } : null;
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
function uniqueCallIds(
  existing: readonly (string | null)[],
  calls: ToolCallRequest[],
): ToolCallRequest[] {
  const taken = new Set(existing);
  return calls.map((call, index) => {
    let id = call.id;
    if (taken.has(id)) id = `${call.id}_${existing.length + index}`;
    taken.add(id);
    return { ...call, id };
  });
}

/*
 * Model output is repaired, not refused: a NUL or a lone surrogate in a tool argument would fail
 * the insert, fail the run for good and fail again on every resume. The repaired call is also
 * what the tool runs with, so what is stored is exactly what was acted on.
 */
function storableCall(call: ToolCallRequest): ToolCallRequest {
  let argumentsJson = toStorableText(call.argumentsJson);
  try {
    const parsed: unknown = JSON.parse(call.argumentsJson);
    const repaired = JSON.stringify(toStorableJson(parsed));
    if (repaired !== JSON.stringify(parsed)) argumentsJson = repaired;
  } catch {
    // Not JSON: the tool will refuse it with a clear error; store the repaired text as it came.
  }
  return {
    ...call,
    id: toStorableText(call.id),
    name: toStorableText(call.name),
    argumentsJson,
  };
}

function parsedOrRaw(argumentsJson: string): Prisma.InputJsonValue {
  try {
    const parsed: unknown = JSON.parse(argumentsJson);
    return parsed === null ? argumentsJson : (parsed as Prisma.InputJsonValue);
  } catch {
    return argumentsJson;
  }
}
