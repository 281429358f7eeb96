import "server-only";
import { SYSTEM_ACTOR } from "@/lib/domain/actor";
import type { AuditEventKind } from "@/lib/domain/audit-events";
import { retryOnTransactionConflict } from "@/lib/errors/prisma-errors";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { toStoredActor } from "@/lib/server/audit/audit-actor";
import { UNSEALED_CHANNEL } from "@/lib/server/realtime/publish";
import { retryTransientDatabaseErrors } from "@/lib/server/retry-transient";
import { flagForPerson } from "@/lib/server/services/conversations/flag-for-person";
import { heldBy, LeaseLostError } from "./run-lease";
import { nextRunState } from "./run-transitions";

export type RunEnding =
  | { status: "completed" }
  | { status: "stopped" }
  // `onConfiguration`: the model server refuses the run's requests and will again (see
  // describeModelFailure); the conversation is flagged for a person in the same transaction.
  | { status: "failed"; error: string; onConfiguration?: boolean };

// Ends this process's hold on a run: status, lease release, audit event and realtime publish
// are written together (one statement), and only if we still hold the lease. A database outage is waited out; an
// attempt after one whose COMMIT answer was lost finds the run already ended so and is done.
export async function finishRun(
  db: PrismaClient,
  runId: string,
  owner: string,
  ending: RunEnding,
): Promise<void> {
  await retryTransientDatabaseErrors(
    async (attempt) => {
      try {
        await retryOnTransactionConflict(async () => {
          if (endsOnConfiguration(ending)) {
            await db.$transaction((tx) => finishRunFlaggingPerson(tx, runId, owner, ending));
          } else {
            await finishRunOnce(db, runId, owner, ending);
          }
        });
      } catch (error) {
        if (attempt === 1 || !(error instanceof LeaseLostError)) throw error;
        const run = await db.run.findUnique({ where: { id: runId }, select: { status: true } });
        if (run?.status !== ending.status) throw error;
      }
    },
    { label: "finish run" },
  );
}

function endsOnConfiguration(
  ending: RunEnding,
): ending is Extract<RunEnding, { status: "failed" }> {
  return ending.status === "failed" && ending.onConfiguration === true;
}

// A run the model server will keep refusing: it fails, and its conversation goes to a person with
// the reason in plain words (staff would otherwise see a Resume that fails the same way).
async function finishRunFlaggingPerson(
  tx: Prisma.TransactionClient,
  runId: string,
  owner: string,
  ending: Extract<RunEnding, { status: "failed" }>,
): Promise<void> {
  const conversationId = await finishRunOnce(tx, runId, owner, ending);
  await flagForPerson(tx, {
    conversationId,
    flag: { kind: "model_misconfigured", reason: ending.error },
    actor: SYSTEM_ACTOR,
    now: new Date(),
  });
}

/*
 * One statement, so atomic without BEGIN/COMMIT: the fenced status write (owner AND expiry by the
 * database clock; a stop also needs the stop request, as the lifecycle says), the conversation
 * handed back, the realtime event (notified on commit) and the audit event, each written only if
 * the fenced write matched. The audit payload's totals are the run row's as this write left it.
 */
async function finishRunOnce(
  db: Prisma.TransactionClient,
  runId: string,
  owner: string,
  ending: RunEnding,
): Promise<string> {
  const expected = { status: "running" as const, lease: "held" as const };
  const next = nextRunState(
    runId,
    { ...expected, stopRequested: ending.status === "stopped" },
    {
      type: ending.status,
    },
  );
  const occurredAt = new Date();
  const actor = toStoredActor(SYSTEM_ACTOR);
  const error = ending.status === "failed" ? ending.error : null;
  const kind: AuditEventKind = `run.${ending.status}`;
  const payloadExtra =
    ending.status === "completed"
      ? Prisma.sql`jsonb_build_object('inputTokens', ended.input_tokens,
          'outputTokens', ended.output_tokens, 'costMicroUsd', ended.cost_micro_usd)`
      : ending.status === "stopped"
        ? Prisma.sql`jsonb_build_object('processId', ${owner}::text)`
        : Prisma.sql`jsonb_build_object('error', ${error}::text)`;
  const rows = await db.$queryRaw<
    { ended: boolean; held: boolean; conversation_id: string | null }[]
  >`
    WITH ended AS (
      UPDATE runs
         SET status = ${next.status}::"RunStatus",
             -- Every ending gives up the lease (the lifecycle's "free").
             lease_owner = NULL,
             lease_expires_at = NULL,
             error = ${error},
             failed_on_configuration = ${endsOnConfiguration(ending)},
             finished_at = ${ending.status === "stopped" ? null : occurredAt.toISOString()}::timestamptz,
             updated_at = now()
       WHERE id = ${runId} AND ${heldBy(owner)}
         ${ending.status === "stopped" ? Prisma.sql`AND stop_requested_at IS NOT NULL` : Prisma.empty}
      RETURNING conversation_id, step_count, input_tokens, output_tokens, cost_micro_usd
    ), handed AS (
      ${handBackSql(Prisma.sql`(SELECT conversation_id FROM ended)`, ending)}
      RETURNING 1
    ), event AS (
      INSERT INTO realtime_events (topic, conversation_id, payload)
      SELECT 'run.status', conversation_id,
             ${JSON.stringify({ runId, status: ending.status })}::jsonb
        FROM ended
      RETURNING id
    ), audit AS (
      INSERT INTO audit_events
        (kind, actor_kind, actor_id, subject_type, subject_id, conversation_id, payload, created_at)
      SELECT ${kind}, ${actor.kind}::"ActorKind", ${actor.id}::text, 'run',
             ${runId}, ended.conversation_id,
             jsonb_build_object('conversationId', ended.conversation_id,
                                'stepCount', ended.step_count) || ${payloadExtra},
             ${occurredAt.toISOString()}::timestamptz
        FROM ended
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM ended) AS ended,
           (SELECT conversation_id FROM ended) AS conversation_id,
           -- The row as it was before this statement: held by us, so a stop nobody asked for.
           EXISTS (SELECT 1 FROM runs WHERE id = ${runId} AND ${heldBy(owner)}) AS held,
           (SELECT pg_notify(${UNSEALED_CHANNEL}, '')::text FROM event) AS notified`;
  const [row] = rows;
  if (row?.ended && row.conversation_id) return row.conversation_id;
  if (row?.held && ending.status === "stopped") {
    nextRunState(runId, { ...expected, stopRequested: false }, { type: "stopped" });
  }
  throw new LeaseLostError(runId);
}

/**
 * Action services set the status when money moves; a run that ends only hands back a
 * conversation it had marked as being worked on (or reports its own failure): whose move it is
 * now, as the inbox should show it.
 */
export async function handBackConversation(
  tx: Prisma.TransactionClient,
  conversationId: string,
  ending: RunEnding,
): Promise<void> {
  await tx.$executeRaw(handBackSql(Prisma.sql`${conversationId}`, ending));
}

function handBackSql(conversationId: Prisma.Sql, ending: RunEnding): Prisma.Sql {
  const status =
    ending.status === "failed"
      ? Prisma.sql`'failed'`
      : Prisma.sql`CASE
          WHEN EXISTS (SELECT 1 FROM pending_actions
                        WHERE conversation_id = c.id AND status = 'needs_reconciliation')
            THEN 'needs_reconciliation'
          WHEN EXISTS (SELECT 1 FROM pending_actions
                        WHERE conversation_id = c.id AND status = 'awaiting_approval')
            THEN 'needs_approval'
          -- A refund that went through, with nothing else pending, settles the ticket.
          WHEN (SELECT status FROM pending_actions WHERE conversation_id = c.id
                 ORDER BY created_at DESC LIMIT 1) = 'executed'
            THEN 'resolved'
          ELSE 'waiting_on_customer' END`;
  return Prisma.sql`
    UPDATE conversations AS c
       SET status = (${status})::"ConversationStatus", updated_at = now()
     WHERE c.id = ${conversationId}
       ${ending.status === "failed" ? Prisma.empty : Prisma.sql`AND c.status = 'agent_working'`}`;
}
