import "server-only";
import {
  Prisma,
  type PrismaClient,
  type RunStep,
  type RunStepKind,
} from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { UNSEALED_CHANNEL } from "@/lib/server/realtime/publish";
import { heldBy, LEASE_SECONDS, LeaseLostError, type StepTotals } from "./run-lease";

/** A run step as the loop writes it; the id is the database's, the time the app's (as Prisma's). */
export type StepRow = {
  sequence: number;
  kind: RunStepKind;
  text?: string | null;
  reasoning?: string | null;
  toolCallId?: string | null;
  toolName?: string | null;
  toolArgs?: Prisma.InputJsonValue | null;
  toolResult?: Prisma.InputJsonValue | null;
  isError?: boolean;
  finishReason?: string | null;
  inputTokens?: number;
  outputTokens?: number;
  costMicroUsd?: number;
  usageReported?: boolean;
  /** Stored only if no stop was requested: the result of a read-only tool run ahead of its call. */
  unlessStopped?: boolean;
};

export type StepWriteTarget = {
  runId: string;
  conversationId: string;
  owner: string;
  provider: string;
  model: string;
};

export type StepWriteOptions = {
  /** A read to return with the write (as one JSON column), e.g. the next model input. */
  alsoRead?: Prisma.Sql;
  /*
   * False commits without waiting for the WAL flush (synchronous_commit off for this statement).
   * Safe only for a write that nothing outside Postgres acts on before a later flushed commit:
   * WAL is flushed in order, so the next flushed commit makes this one durable too, and a crash
   * before that loses it only together with everything that followed it.
   */
  flushOnCommit?: boolean;
  /**
   * Writes of the tools whose results this stores, in the same statement (so with the same
   * fence and commit) instead of in one of their own before it. Such a write waits for the WAL
   * flush whatever `flushOnCommit` says.
   */
  effects?: readonly StepEffect[];
};

/*
 * A tool's write as data-modifying CTEs of the step write: `ctes` is a comma-separated list of
 * `name AS (…)` whose every write is conditioned on its tool result being among the `stored`
 * rows (so on the writer's lease being held), and `last` names the CTE that must be written
 * before the step's own realtime event, so viewers hear of the effect first, as when it was a
 * statement of its own.
 */
export type StepEffect = { ctes: Prisma.Sql; last: string };

/** A run_steps row as to_json renders it. */
export type StoredStepJson = {
  id: string;
  run_id: string;
  sequence: number;
  kind: RunStepKind;
  provider: string;
  model: string;
  process_id: string;
  text: string | null;
  reasoning: string | null;
  tool_call_id: string | null;
  tool_name: string | null;
  tool_args: Prisma.JsonValue | null;
  tool_result: Prisma.JsonValue | null;
  is_error: boolean;
  finish_reason: string | null;
  input_tokens: number;
  output_tokens: number;
  cost_micro_usd: number;
  usage_reported: boolean;
  created_at: string;
};

/*
 * One step write as one SQL statement, so it needs no BEGIN/COMMIT: a statement is atomic. The
 * fenced UPDATE of the run (heldBy in run-lease.ts: owner AND expiry by the database clock)
 * renews the lease and stores the counters; the steps and the realtime event are inserted only
 * if it matched (a row marked unlessStopped only if the run's stop_requested_at, read under that
 * UPDATE's row lock, is null), and pg_notify (delivered on commit) only for a stored event. A
 * writer that lost its lease writes nothing and gets LeaseLostError. The stored rows come back
 * as Postgres holds them (jsonb normalises tool arguments), so the loop's in-memory copy is what
 * a reader sees.
 */
export async function writeStepsFenced(
  db: PrismaClient,
  target: StepWriteTarget,
  rows: readonly StepRow[],
  totals: StepTotals,
  event: { sequence: number; kind: RunStepKind },
  options: StepWriteOptions = {},
): Promise<{ steps: RunStep[]; stopRequested: boolean; alsoRead: unknown }> {
  const alsoRead = options.alsoRead ?? Prisma.sql`NULL::json`;
  const effects = options.effects ?? [];
  // SET LOCAL for this statement's own transaction only: the pooled session keeps its setting.
  const commitMode =
    options.flushOnCommit === false && effects.length === 0
      ? Prisma.sql`set_config('synchronous_commit', 'off', true)`
      : Prisma.sql`NULL`;
  const json = (value: Prisma.InputJsonValue | null | undefined) =>
    value === null || value === undefined ? null : JSON.stringify(value);
  const droppedIfStopped = rows.filter((step) => step.unlessStopped).length;
  const effectCtes = concat(effects.map((effect) => Prisma.sql`${effect.ctes},`));
  // Reading an effect's last CTE here makes Postgres finish it before this event's insert.
  const afterEffects = concat(
    effects.map(
      (effect) => Prisma.sql` AND (SELECT count(*) FROM ${Prisma.raw(effect.last)}) >= 0`,
    ),
  );
  const eventPayload = JSON.stringify({
    runId: target.runId,
    sequence: event.sequence,
    kind: event.kind,
  });
  const [row] = await db.$queryRaw<
    { stop_requested: boolean; steps: StoredStepJson[] | null; also_read: unknown }[]
  >`
    WITH lease AS (
      UPDATE runs
         SET lease_expires_at = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}),
             updated_at = now(),
             step_count = CASE WHEN stop_requested_at IS NULL THEN ${totals.stepCount}::int
                               ELSE ${totals.stepCount - droppedIfStopped}::int END,
             input_tokens = input_tokens + ${totals.inputTokens ?? 0},
             output_tokens = output_tokens + ${totals.outputTokens ?? 0},
             cost_micro_usd = cost_micro_usd + ${totals.costMicroUsd ?? 0},
             provider_response_id = COALESCE(${totals.providerResponseId ?? null}, provider_response_id)
       WHERE id = ${target.runId} AND ${heldBy(target.owner)}
      RETURNING stop_requested_at
    ), stored AS (
      INSERT INTO run_steps
        (id, run_id, sequence, kind, provider, model, process_id, text, reasoning, tool_call_id,
         tool_name, tool_args, tool_result, is_error, finish_reason, input_tokens, output_tokens,
         cost_micro_usd, usage_reported, created_at)
      SELECT step.id, ${target.runId}, step.sequence, step.kind::"RunStepKind",
             ${target.provider}, ${target.model}, ${target.owner}, step.text, step.reasoning,
             step.tool_call_id, step.tool_name, step.tool_args::jsonb, step.tool_result::jsonb,
             step.is_error, step.finish_reason, step.input_tokens, step.output_tokens,
             step.cost_micro_usd, step.usage_reported, ${new Date().toISOString()}::timestamptz
        FROM unnest(
          ${rows.map(() => newId("step"))}::text[],
          ${rows.map((step) => step.sequence)}::int[],
          ${rows.map((step) => step.kind)}::text[],
          ${rows.map((step) => step.text ?? null)}::text[],
          ${rows.map((step) => step.reasoning ?? null)}::text[],
          ${rows.map((step) => step.toolCallId ?? null)}::text[],
          ${rows.map((step) => step.toolName ?? null)}::text[],
          ${rows.map((step) => json(step.toolArgs))}::text[],
          ${rows.map((step) => json(step.toolResult))}::text[],
          ${rows.map((step) => step.isError ?? false)}::boolean[],
          ${rows.map((step) => step.finishReason ?? null)}::text[],
          ${rows.map((step) => step.inputTokens ?? 0)}::int[],
          ${rows.map((step) => step.outputTokens ?? 0)}::int[],
          ${rows.map((step) => step.costMicroUsd ?? 0)}::int[],
          ${rows.map((step) => step.usageReported ?? true)}::boolean[],
          ${rows.map((step) => step.unlessStopped ?? false)}::boolean[]
        ) AS step(id, sequence, kind, text, reasoning, tool_call_id, tool_name, tool_args,
                  tool_result, is_error, finish_reason, input_tokens, output_tokens,
                  cost_micro_usd, usage_reported, unless_stopped)
        JOIN lease ON NOT (step.unless_stopped AND lease.stop_requested_at IS NOT NULL)
      RETURNING *
    ), ${effectCtes} event AS (
      INSERT INTO realtime_events (topic, conversation_id, payload)
      SELECT 'run.step', ${target.conversationId}, ${eventPayload}::jsonb
       WHERE EXISTS (SELECT 1 FROM lease)${afterEffects}
      RETURNING id
    )
    SELECT lease.stop_requested_at IS NOT NULL AS stop_requested,
           (SELECT json_agg(stored ORDER BY stored.sequence) FROM stored) AS steps,
           (SELECT pg_notify(${UNSEALED_CHANNEL}, '')::text FROM event) AS notified,
           ${alsoRead} AS also_read,
           ${commitMode} AS commit_mode
      FROM lease`;
  if (!row) throw new LeaseLostError(target.runId);
  return {
    steps: (row.steps ?? []).map(fromStoredJson),
    stopRequested: row.stop_requested,
    alsoRead: row.also_read,
  };
}

function concat(parts: readonly Prisma.Sql[]): Prisma.Sql {
  return parts.length === 0 ? Prisma.empty : Prisma.join(parts, " ", "", "");
}

export function fromStoredJson(step: StoredStepJson): RunStep {
  return {
    id: step.id,
    runId: step.run_id,
    sequence: step.sequence,
    kind: step.kind,
    provider: step.provider,
    model: step.model,
    processId: step.process_id,
    text: step.text,
    reasoning: step.reasoning,
    toolCallId: step.tool_call_id,
    toolName: step.tool_name,
    toolArgs: step.tool_args,
    toolResult: step.tool_result,
    isError: step.is_error,
    finishReason: step.finish_reason,
    inputTokens: step.input_tokens,
    outputTokens: step.output_tokens,
    costMicroUsd: step.cost_micro_usd,
    usageReported: step.usage_reported,
    createdAt: new Date(step.created_at),
  };
}
