import "server-only";
import type { ToolCallRequest } from "@/lib/agent/model/provider";
import type { ModelStep } from "@/lib/agent/run-model-step";
import type { ToolCallOutcome } from "@/lib/agent/tools/execute-tool-call";
import { toStorableJson, toStorableText } from "@/lib/domain/storable-text";
import type { Prisma, PrismaClient, RunStep } from "@/lib/generated/prisma/client";
import { retryTransientDatabaseErrors } from "@/lib/server/retry-transient";
import { type ModelInput, modelInputColumn, parseModelInput } from "./load-conversation-state";
import { assertLease } from "./run-lease";
import { type StepEffect, type StepRow, writeStepsFenced } from "./write-steps";

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

// What a step's write stored, so the loop can keep the run's steps in memory instead of
// re-reading them, and whether a stop was requested meanwhile.
export type RecordedSteps = { steps: RunStep[]; stopRequested: boolean };

/*
 * The calls a model step asked for, as they will be stored and run. `finalReply` turns a plain
 * text answer into a send_customer_message call made on the model's behalf: many compatible
 * models answer in text instead of calling the tool, and the customer must still hear back.
 * `takenCallIds` are the call ids this run already recorded.
 */
export function modelStepCalls(
  step: ModelStep,
  nextSequence: number,
  takenCallIds: readonly (string | null)[],
  finalReply?: string,
): ToolCallRequest[] {
  return (
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
}

export type ModelStepAnswers = {
  /** Outcomes of the first calls, by position: read-only tools run before the output is stored. */
  outcomes: readonly ToolCallOutcome[];
  /** Also read the next model input (every call is answered). */
  withModelInput: boolean;
  /** Writes of the first call, stored only with its result (write-steps.ts). */
  effects?: readonly StepEffect[];
};

/*
 * A model output and the tool calls it asked for are written in one statement, so a crash can
 * never leave a call that the transcript does not know it asked for. Results of read-only calls
 * already run go in the same statement, stored only if no stop was requested meanwhile (a stopped
 * run re-runs them when resumed, which is harmless for a tool that changes nothing).
 */
export async function recordModelStep(
  writer: StepWriter,
  step: ModelStep,
  nextSequence: number,
  calls: readonly ToolCallRequest[],
  answers: ModelStepAnswers = { outcomes: [], withModelInput: false },
): Promise<RecordedSteps & { modelInput?: ModelInput }> {
  const firstResult = nextSequence + 1 + calls.length;
  let modelInput: ModelInput | undefined;
  const recorded = await inStepWrite(writer, "record model step", nextSequence, async () => {
    const rows: StepRow[] = [
      {
        sequence: nextSequence,
        kind: "model_output",
        text: toStorableText(step.text),
        reasoning: step.reasoning === null ? null : toStorableText(step.reasoning),
        finishReason: step.finishReason,
        inputTokens: step.inputTokens,
        outputTokens: step.outputTokens,
        costMicroUsd: step.costMicroUsd,
        usageReported: step.usageReported,
      },
      ...calls.map(
        (call, index): StepRow => ({
          sequence: nextSequence + 1 + index,
          kind: "tool_call",
          toolCallId: call.id,
          toolName: call.name,
          toolArgs: parsedOrRaw(call.argumentsJson),
        }),
      ),
      ...answers.outcomes.map((outcome, index): StepRow => {
        const call = calls[index] as ToolCallRequest;
        return { ...toolResultRow(call, outcome, firstResult + index), unlessStopped: true };
      }),
    ];
    const stored = await writeStepsFenced(
      writer.db,
      writer,
      rows,
      {
        stepCount: firstResult + answers.outcomes.length,
        inputTokens: step.inputTokens,
        outputTokens: step.outputTokens,
        costMicroUsd: step.costMicroUsd,
        providerResponseId: step.responseId || null,
      },
      { sequence: nextSequence, kind: "model_output" },
      // Nothing outside Postgres acts on a model output (or a read-only tool's result) before a
      // flushed commit: its tools' effects are all Postgres writes, committed with a flush (and
      // WAL is flushed in order), and a Postgres crash that loses it loses nothing that followed
      // it, so the model is asked again. A write carrying a tool's effects waits for the flush.
      {
        flushOnCommit: false,
        effects: answers.effects ?? [],
        ...(answers.withModelInput && { alsoRead: modelInputColumn(writer.conversationId) }),
      },
    );
    if (answers.withModelInput && !stored.stopRequested) {
      modelInput = parseModelInput(writer.conversationId, stored.alsoRead);
    }
    return stored;
  });
  const { steps, stopRequested } = recorded;
  return { steps, stopRequested, ...(modelInput && { modelInput }) };
}

// With `withModelInput`, the same statement also reads what the next model step needs (the
// conversation's state and messages as they are once this result is stored).
export async function recordToolResult(
  writer: StepWriter,
  call: ToolCallRequest,
  outcome: ToolCallOutcome,
  sequence: number,
  withModelInput = false,
): Promise<RecordedSteps & { modelInput?: ModelInput }> {
  let modelInput: ModelInput | undefined;
  const recorded = await inStepWrite(writer, "record tool result", sequence, async () => {
    const stored = await writeStepsFenced(
      writer.db,
      writer,
      [toolResultRow(call, outcome, sequence)],
      { stepCount: sequence + 1 },
      { sequence, kind: "tool_result" },
      withModelInput ? { alsoRead: modelInputColumn(writer.conversationId) } : {},
    );
    if (withModelInput) modelInput = parseModelInput(writer.conversationId, stored.alsoRead);
    return stored;
  });
  const { steps, stopRequested } = recorded;
  return { steps, stopRequested, ...(modelInput && { modelInput }) };
}

function toolResultRow(call: ToolCallRequest, outcome: ToolCallOutcome, sequence: number): StepRow {
  return {
    sequence,
    kind: "tool_result",
    toolCallId: call.id,
    toolName: call.name,
    toolResult: toStorableJson(outcome.result) as Prisma.InputJsonValue,
    isError: outcome.isError,
  };
}

/*
 * A step's one-statement write (write-steps.ts), run again while the database is restarting or
 * unreachable (see retry-transient.ts). Every attempt is fenced by the lease in the statement
 * itself, so an attempt after the lease lapsed or another process claimed the run writes nothing
 * and fails with LeaseLostError.
 */
function inStepWrite(
  writer: StepWriter,
  label: string,
  sequence: number,
  write: () => Promise<RecordedSteps>,
): Promise<RecordedSteps> {
  return retryTransientDatabaseErrors(
    async (attempt) => {
      const stored = attempt > 1 ? await storedAlready(writer, sequence) : null;
      return stored ?? write();
    },
    { label, signal: writer.signal },
  );
}

/*
 * An earlier attempt whose COMMIT went through but whose answer was lost already stored the
 * steps from `sequence` on. While we hold the lease nobody else appends to the run, so those
 * rows are ours: they are returned, not written twice (the unique sequence would refuse it).
 */
async function storedAlready(writer: StepWriter, sequence: number): Promise<RecordedSteps | null> {
  return writer.db.$transaction(async (tx) => {
    const { stopRequested } = await assertLease(tx, writer.runId, writer.owner);
    const steps = await tx.runStep.findMany({
      where: { runId: writer.runId, sequence: { gte: sequence } },
      orderBy: { sequence: "asc" },
    });
    return steps.length > 0 ? { steps, stopRequested } : null;
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
