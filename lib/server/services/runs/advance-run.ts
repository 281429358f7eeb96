import "server-only";
import { APIUserAbortError } from "openai";
import { describeModelFailure } from "@/lib/agent/model/model-failure";
import type { ModelProvider, ToolCallRequest } from "@/lib/agent/model/provider";
import { buildStateNote, SYSTEM_PROMPT } from "@/lib/agent/prompts/system-prompt";
import { runModelStep } from "@/lib/agent/run-model-step";
import { executeToolCall, type ToolCallOutcome } from "@/lib/agent/tools/execute-tool-call";
import { oneCallPerStepRefusal } from "@/lib/agent/tools/one-call-per-step";
import { AGENT_TOOLS, agentToolSpecs } from "@/lib/agent/tools/registry";
import { SYSTEM_ACTOR } from "@/lib/domain/actor";
import type { PrismaClient, RunStep } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { insertAuditEventsSql } from "@/lib/server/audit/append-audit-events";
import { PROCESS_ID } from "@/lib/server/process/process-id";
import { retryTransientDatabaseErrors } from "@/lib/server/retry-transient";
import { messageOfReservation } from "@/lib/server/services/conversations/message-reservation";
import { finishInterruptedMessage } from "@/lib/server/services/pending-actions/finish-interrupted-message";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { agentServicesFor, DEFERRABLE_TOOLS } from "./agent-services";
import { finishRun } from "./finish-run";
import {
  handOffUnreadable,
  UNREADABLE_REPLIES_BEFORE_HAND_OFF,
  unreadableRepliesIn,
} from "./hand-off-unreadable";
import { loadStateAndMessages, type ModelInput } from "./load-conversation-state";
import { parseRunStart, type RunStart, reloadRunStart, runStartSelect } from "./load-run-start";
import { buildTranscript, storedArgumentsJson } from "./load-transcript";
import {
  FINAL_REPLY_CALL_PREFIX,
  isFinalReplyCall,
  modelStepCalls,
  type RecordedSteps,
  recordModelStep,
  recordToolResult,
  type StepWriter,
} from "./record-run-steps";
import { replyIfRunWasSilent } from "./reply-if-silent";
import { openReplyPreview, type ReplyPreviewer } from "./reply-preview";
import { registerRunController, unregisterRunController } from "./run-controllers";
import { claimRun, heartbeatLease, LeaseLostError } from "./run-lease";
import type { StepEffect } from "./write-steps";

export const MAX_MODEL_STEPS = 12;
export const RUN_TIME_BUDGET_MS = 180_000;
const HEARTBEAT_MS = 10_000;

export type AdvanceRunInput = {
  runId: string;
  processId?: string;
  maxModelSteps?: number;
  timeBudgetMs?: number;
  heartbeatMs?: number;
  // The reservation token the run was queued with, when this caller queued it.
  reservation?: string;
  // Leave the run alone while a person holds its conversation (checked in the claim).
  unlessHeldByHuman?: boolean;
};

/**
 * What a run's turn uses: the database, the model, the clock, the log and the crash points, and
 * the payment providers and stores a customer's "yes" pays through.
 */
export type RunContext = Pick<
  UseCaseContext,
  "db" | "model" | "now" | "logger" | "faultPoint" | "payments" | "commerce"
>;

export type AdvanceRunOutcome = "not_claimed" | "completed" | "stopped" | "failed" | "lease_lost";

type AbortReason = "stop" | "lease_lost" | "time_budget";

/*
 * The durable turn loop. Postgres holds the truth: every model output and every tool result is
 * appended as a run step before the next step starts, and a process that claims the run reads
 * those steps first, so one that picks up a lapsed run continues exactly where the last one
 * stopped and never executes a tool call whose result is stored.
 */
export async function advanceRun(
  input: AdvanceRunInput,
  context: RunContext,
): Promise<AdvanceRunOutcome> {
  const { runId } = input;
  const { db, model: provider, logger } = context;
  const owner = input.processId ?? PROCESS_ID;

  const claim = await claimRun(
    db,
    runId,
    owner,
    async (tx, outcome) => {
      const conversationId = outcome.conversationId;
      const event = {
        subjectType: "run" as const,
        subjectId: runId,
        actor: SYSTEM_ACTOR,
        occurredAt: context.now(),
        ...(outcome.previousOwner
          ? {
              kind: "run.lease_recovered" as const,
              payload: { conversationId, previousOwner: outcome.previousOwner, processId: owner },
            }
          : {
              kind: "run.started" as const,
              payload: {
                conversationId,
                provider: provider.id,
                model: provider.model,
                processId: owner,
              },
            }),
      };
      // The run's model, the conversation's status and the audit event, and the read the loop
      // starts from (none of it depends on those writes): one statement.
      const [row] = await tx.$queryRaw<unknown[]>`
        WITH run AS (
          UPDATE runs SET provider = ${provider.id}, model = ${provider.model}, updated_at = now()
           WHERE id = ${runId}
        ), conversation AS (
          UPDATE conversations SET status = 'agent_working', updated_at = now()
           WHERE id = ${conversationId}
        ), audit AS (
          ${insertAuditEventsSql([event])}
        )
        ${runStartSelect(runId)}`;
      return parseRunStart(runId, row);
    },
    input.reservation,
    { unlessHeldByHuman: input.unlessHeldByHuman ?? false },
  );
  if (!claim.claimed) return "not_claimed";
  // The request that queued this run died before applying its message's intent (a stored "yes"
  // that moved nothing): finish that first, then start from what the database holds now. A run
  // taken over before its first step may have lost the process that was finishing it, so its
  // trigger message is finished again (a no-op once its outcome is recorded).
  const interrupted = claim.wasQueued
    ? messageOfReservation(claim.previousOwner)
    : claim.started.steps.length === 0
      ? await triggerMessageOf(db, runId)
      : null;
  const start = interrupted
    ? await finishInterruptedMessage({ messageId: interrupted }, context).then(() =>
        reloadRunStart(db, runId),
      )
    : claim.started;

  const controller = registerRunController(runId);
  const abort = (reason: AbortReason) => controller.abort(reason);
  const budget = setTimeout(() => abort("time_budget"), input.timeBudgetMs ?? RUN_TIME_BUDGET_MS);
  // A renewal that fails because the database is away is not a lost lease: it is tried again
  // until the database answers (one at a time), so the lease is renewed as soon as it is back.
  // Only the database saying the lease is no longer ours aborts the run.
  const heartbeatDone = new AbortController();
  let renewing = false;
  const heartbeat = setInterval(() => {
    if (renewing) return;
    renewing = true;
    retryTransientDatabaseErrors(() => heartbeatLease(db, runId, owner), {
      label: "run heartbeat",
      signal: AbortSignal.any([controller.signal, heartbeatDone.signal]),
    })
      .then(
        (lease) => {
          if (!lease.held) abort("lease_lost");
          else if (lease.stopRequested) abort("stop");
        },
        (error: unknown) => logger.warn({ err: error, runId }, "run heartbeat failed"),
      )
      .finally(() => {
        renewing = false;
      });
  }, input.heartbeatMs ?? HEARTBEAT_MS);

  // Only the chat widget shows a reply while it is written; email and staff screens wait for it.
  // The loop opens the preview once it has read the conversation; it is withdrawn here however
  // the turn ends.
  const previews: PreviewHolder = { preview: null };
  const writer: StepWriter = {
    db,
    runId,
    conversationId: claim.conversationId,
    owner,
    provider: provider.id,
    model: provider.model,
    signal: controller.signal,
  };
  try {
    const ending = await loop(
      start,
      writer,
      context,
      controller.signal,
      input.maxModelSteps ?? MAX_MODEL_STEPS,
      previews,
    );
    if (ending.status !== "stopped") await replyIfRunWasSilent(db, runId, start.conversation);
    await finishRun(db, runId, owner, ending);
    startNextQueuedRun(claim.conversationId, input, context);
    return ending.status;
  } catch (error) {
    const reason = controller.signal.reason as AbortReason | undefined;
    if (error instanceof LeaseLostError || reason === "lease_lost") return "lease_lost";
    if (reason === "stop") {
      await finishRun(db, runId, owner, { status: "stopped" });
      startNextQueuedRun(claim.conversationId, input, context);
      return "stopped";
    }
    const failure = reason === "time_budget" ? null : describeModelFailure(error);
    const message =
      reason === "time_budget"
        ? "The run exceeded its time budget"
        : (failure?.message ?? (error instanceof Error ? error.message : String(error)));
    logger.error({ err: error, runId }, "run failed");
    await replyIfRunWasSilent(db, runId, start.conversation).catch((replyError: unknown) =>
      logger.error({ err: replyError, runId }, "holding reply failed"),
    );
    await finishRun(db, runId, owner, {
      status: "failed",
      error: message,
      onConfiguration: failure?.onConfiguration ?? false,
    }).catch(() => undefined);
    return "failed";
  } finally {
    clearTimeout(budget);
    clearInterval(heartbeat);
    heartbeatDone.abort();
    unregisterRunController(runId, controller);
    // However the turn ended, a preview still on the customer's screen is withdrawn.
    await previews.preview?.clear();
  }
}

type PreviewHolder = { preview: ReplyPreviewer | null };

async function loop(
  start: RunStart,
  writer: StepWriter,
  context: RunContext,
  signal: AbortSignal,
  maxModelSteps: number,
  previews: PreviewHolder,
) {
  const { db, runId } = writer;
  const { model: provider, faultPoint } = context;
  // The loop's reads and tool calls wait out a database outage like its step writes do. A tool
  // call run again is safe for the reason a crashed run's pending calls are: every tool's writes
  // are keyed by its call id.
  const durably = <T>(label: string, work: () => Promise<T>) =>
    retryTransientDatabaseErrors(work, { label, signal });
  // The steps were read with the claim, then kept current from our own writes: every step write
  // is fenced by the lease, so while we hold it nobody else can append to this run (nor, a
  // conversation having one running run at a time, to its other runs), and losing it fails our
  // next write.
  const services = (deferred?: { toolCallId: string; effects: StepEffect[] }) =>
    agentServicesFor(
      { runId, conversation: start.conversation, ...(deferred && { deferred }) },
      { db, commerce: context.commerce, now: context.now, logger: context.logger },
    );
  const toolContext = { db, services: services(), runId, conversation: start.conversation };
  const preview = openReplyPreview(db, start.conversation);
  previews.preview = preview;
  // With `deferred`, the tool's writes are handed over to go in the statement storing its result.
  const runTool = (call: ToolCallRequest, deferred?: StepEffect[]) =>
    executeToolCall(AGENT_TOOLS, call, {
      ...toolContext,
      ...(deferred && { services: services({ toolCallId: call.id, effects: deferred }) }),
      toolCallId: call.id,
      // Each call reads the clock as it runs: a turn lasts minutes.
      now: context.now(),
    });
  const steps = start.steps;
  let stopRequested = start.stopRequested;
  // The next model step's input when a statement of ours already read it (the run's start, the
  // write of the last tool result before a model step); otherwise it is read on its own.
  let modelInput: ModelInput | undefined = start.modelInput;
  const record = (recorded: RecordedSteps) => {
    steps.push(...recorded.steps);
    stopRequested ||= recorded.stopRequested;
  };
  for (;;) {
    if (stopRequested || signal.reason === "stop") return { status: "stopped" as const };
    if (signal.aborted) throw new APIUserAbortError();
    let nextSequence = (steps.at(-1)?.sequence ?? -1) + 1;

    // Calls recorded before a crash or stop run now, in order; those with a stored result never do.
    const answered = new Set(
      steps.filter((step) => step.kind === "tool_result").map((step) => step.toolCallId),
    );
    const pending = steps.filter(
      (step) => step.kind === "tool_call" && !answered.has(step.toolCallId),
    );
    if (pending.length > 0) {
      modelInput = undefined;
      let replyRefused = false;
      // A text answer delivered on the model's behalf ends the turn: there is nothing to ask.
      // One the supervisor refused goes back to the model with the reasons, to write again.
      const endsTurn = () =>
        !replyRefused && pending.every((step) => isFinalReplyCall(step.toolCallId));
      for (const [index, step] of pending.entries()) {
        const call = storedCall(step);
        const first = firstCallOfStep(steps, step);
        const outcome =
          first === step
            ? await durably(`tool ${call.name}`, () => runTool(call))
            : oneCallPerStepRefusal(storedCall(first));
        replyRefused ||= outcome.isError;
        const last = index === pending.length - 1;
        const recorded = await recordToolResult(
          writer,
          call,
          outcome,
          nextSequence++,
          last && !endsTurn(),
        );
        record(recorded);
        modelInput = recorded.modelInput;
        faultPoint("after_tool_result_before_next_step");
      }
      // The model could not write a readable reply twice: a person takes it from here.
      if (unreadableRepliesIn(steps) >= UNREADABLE_REPLIES_BEFORE_HAND_OFF) {
        await durably("hand off unreadable reply", () =>
          handOffUnreadable(db, runId, start.conversation),
        );
        void preview?.clear();
        return { status: "completed" as const };
      }
      // The reply (if any) is stored now, so the preview of it can go. The previewer sends in
      // order, so the withdrawal goes out before any preview of the next step; the turn's end
      // waits for it.
      void preview?.clear();
      if (endsTurn()) return { status: "completed" as const };
      continue;
    }

    const modelSteps = steps.filter((step) => step.kind === "model_output").length;
    if (steps.at(-1)?.kind === "model_output") {
      // The last model output asked for nothing: the turn is over (reached again after a crash
      // between storing that output and marking the run completed).
      return { status: "completed" as const };
    }
    if (modelSteps >= maxModelSteps) {
      return {
        status: "failed" as const,
        error: `The run reached its limit of ${maxModelSteps} model steps`,
      };
    }

    const [{ state, messages }, previousResponseId] = await durably("load model input", () =>
      Promise.all([
        modelInput ?? loadStateAndMessages(db, writer.conversationId),
        storedResponseId(db, writer.conversationId, provider),
      ]),
    );
    modelInput = undefined;
    const transcript = buildTranscript(messages, [...start.before, ...steps, ...start.after]);
    const stepPreview = preview?.step(newId("preview"), !hasRepliedThisRun(steps));
    const step = await runModelStep(
      provider,
      {
        system: SYSTEM_PROMPT,
        transcript,
        stateNote: buildStateNote(state),
        tools: agentToolSpecs(),
        state,
        signal,
        ...(previousResponseId && { previousResponseId }),
      },
      stepPreview?.observe,
    );
    const finalReply =
      step.toolCalls.length === 0 && step.text.trim() && !hasRepliedThisRun(steps)
        ? step.text.trim()
        : undefined;
    const takenCallIds = steps
      .filter((stored) => stored.kind === "tool_call")
      .map((stored) => stored.toolCallId);
    const calls = modelStepCalls(step, nextSequence, takenCallIds, finalReply);
    // Only the step's first call runs (one-call-per-step.ts). When it changes nothing, or all
    // it changes can be handed to the write (DEFERRABLE_TOOLS), it runs before the output is
    // stored, and its result, its writes and the refusals of the others go in the same statement;
    // otherwise all of them are answered once stored, below.
    const [firstCall, ...otherCalls] = calls;
    const effects: StepEffect[] = [];
    const runsFirst =
      firstCall !== undefined &&
      (AGENT_TOOLS.get(firstCall.name)?.readOnly === true || DEFERRABLE_TOOLS.has(firstCall.name));
    const outcomes: ToolCallOutcome[] = runsFirst
      ? [
          await durably(`tool ${firstCall.name}`, () => {
            effects.length = 0;
            return runTool(firstCall, effects);
          }),
          ...otherCalls.map(() => oneCallPerStepRefusal(firstCall)),
        ]
      : [];
    const recorded = await recordModelStep(writer, step, nextSequence, calls, {
      outcomes,
      withModelInput: calls.length > 0 && outcomes.length === calls.length,
      effects,
    });
    // Every preview goes out before the reply it previews can be stored, which only a call
    // that may change something does (never one of the read-only lead); sending them while the
    // step was stored keeps their round trips off the step's path.
    await stepPreview?.settled();
    record(recorded);
    modelInput = recorded.modelInput;
    if (outcomes.length > 0) faultPoint("after_tool_result_before_next_step");
    if (calls.length === 0) return { status: "completed" as const };
  }
}

function storedCall(step: RunStep): ToolCallRequest {
  return {
    id: step.toolCallId ?? "",
    name: step.toolName ?? "",
    argumentsJson: storedArgumentsJson(step.toolArgs),
  };
}

// A model step's calls are stored right after its output, in order: the first call of a step is
// the tool_call stored next after the latest model output before it.
function firstCallOfStep(steps: readonly RunStep[], call: RunStep): RunStep {
  const output = steps.findLast(
    (step) => step.kind === "model_output" && step.sequence < call.sequence,
  );
  const first = steps.find(
    (step) => step.kind === "tool_call" && step.sequence === (output?.sequence ?? -2) + 1,
  );
  return first ?? call;
}

async function triggerMessageOf(db: PrismaClient, runId: string): Promise<string | null> {
  const run = await db.run.findUnique({ where: { id: runId }, select: { triggerMessageId: true } });
  return run?.triggerMessageId ?? null;
}

function hasRepliedThisRun(steps: readonly RunStep[]): boolean {
  return steps.some(
    (step) =>
      step.kind === "tool_result" && step.toolName === "send_customer_message" && !step.isError,
  );
}

// Runs of one conversation take turns: a message that arrived while this run held the lease
// queued the next one, which starts here rather than waiting for the sweeper.
function startNextQueuedRun(conversationId: string, input: AdvanceRunInput, context: RunContext) {
  context.db.run
    .findFirst({
      where: { conversationId, status: "queued", leaseOwner: null },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    })
    .then((next) =>
      next ? advanceRun({ ...input, runId: next.id, reservation: undefined }, context) : undefined,
    )
    .catch((error: unknown) =>
      context.logger.error({ err: error, conversationId }, "next run failed"),
    );
}

// Responses mode continues from the provider's stored response only when the latest model output
// in the conversation came from that same provider; otherwise the transcript is replayed.
async function storedResponseId(
  db: PrismaClient,
  conversationId: string,
  provider: ModelProvider,
): Promise<string | undefined> {
  if (provider.id !== "openai-responses") return undefined;
  const last = await db.runStep.findFirst({
    where: { run: { conversationId }, kind: "model_output" },
    orderBy: [{ createdAt: "desc" }, { sequence: "desc" }],
    include: { run: { select: { providerResponseId: true } } },
  });
  if (!last || last.provider !== provider.id || last.model !== provider.model) return undefined;
  // The provider never issued a reply call we made on the model's behalf, so it would refuse
  // that call's output as a delta: replay instead.
  const madeOnItsBehalf = await db.runStep.count({
    where: {
      runId: last.runId,
      kind: "tool_call",
      sequence: { gt: last.sequence },
      toolCallId: { startsWith: FINAL_REPLY_CALL_PREFIX },
    },
  });
  if (madeOnItsBehalf > 0) return undefined;
  return last.run.providerResponseId ?? undefined;
}
