import "server-only";
import { TERMINAL_STATUSES } from "@/lib/domain/pending-action-status";
import type { RetainedKind, RetentionCutoffs } from "@/lib/domain/retention";
import { Prisma } from "@/lib/generated/prisma/client";

/*
 * One query per retained kind selecting the ids past their period. Each spares what live work
 * needs: a conversation with an action that is not terminal (awaiting the customer or an
 * approver, executing, or needing reconciliation, where money may have moved) keeps its run
 * steps, and a payment receipt whose action is not terminal is kept, because a retry or a
 * reconciliation looks the refund up by that key.
 */

const TERMINAL = [...TERMINAL_STATUSES];
const ENDED_RUN = Prisma.sql`r.status IN ('completed', 'stopped', 'failed')`;

const noLiveAction = (conversationId: Prisma.Sql) => Prisma.sql`NOT EXISTS (
  SELECT 1 FROM pending_actions pa
  WHERE pa.conversation_id = ${conversationId} AND NOT (pa.status::text = ANY(${TERMINAL}::text[])))`;

// Closed: the helpdesk marked it solved or the refund pipeline resolved it, and it has been
// quiet since the cutoff (a customer reply would have moved last_message_at and reopened it).
const closedTranscriptRun = (cutoff: Date) => Prisma.sql`
  SELECT r.id FROM runs r JOIN conversations c ON c.id = r.conversation_id
  WHERE ${ENDED_RUN} AND (c.ticket_status = 'solved' OR c.status = 'resolved')
    AND c.last_message_at < ${cutoff} AND ${noLiveAction(Prisma.sql`c.id`)}`;

export function eligibleIds(kind: RetainedKind, cutoffs: RetentionCutoffs): Prisma.Sql {
  switch (kind) {
    case "closedTranscriptSteps":
      return Prisma.sql`SELECT s.id FROM run_steps s
        WHERE s.run_id IN (${closedTranscriptRun(cutoffs.closedTranscriptSteps)})`;
    case "runSteps":
      return Prisma.sql`SELECT s.id FROM run_steps s JOIN runs r ON r.id = s.run_id
        WHERE ${ENDED_RUN} AND COALESCE(r.finished_at, r.updated_at) < ${cutoffs.runSteps}
          AND ${noLiveAction(Prisma.sql`r.conversation_id`)}
          AND s.run_id NOT IN (${closedTranscriptRun(cutoffs.closedTranscriptSteps)})`;
    case "realtimeEvents":
      // Only sealed rows, and never the newest: positions continue from it, and a client whose
      // Last-Event-ID is older than what is left rebuilds from a snapshot (replay-events.ts).
      return Prisma.sql`SELECT e.id FROM realtime_events e
        WHERE e.created_at < ${cutoffs.realtimeEvents} AND e.position IS NOT NULL
          AND e.position < (SELECT max(position) FROM realtime_events)`;
    case "idempotencyReceipts":
      return Prisma.sql`SELECT i.id FROM idempotency_receipts i
        WHERE i.created_at < ${cutoffs.idempotencyReceipts} AND NOT EXISTS (
          SELECT 1 FROM pending_actions pa
          WHERE pa.idempotency_key = i.key AND NOT (pa.status::text = ANY(${TERMINAL}::text[])))`;
  }
}

export const TABLE_OF: Record<RetainedKind, Prisma.Sql> = {
  closedTranscriptSteps: Prisma.raw("run_steps"),
  runSteps: Prisma.raw("run_steps"),
  realtimeEvents: Prisma.raw("realtime_events"),
  idempotencyReceipts: Prisma.raw("idempotency_receipts"),
};

/** Runs whose whole transcript goes: their provider-side conversation state goes with it. */
export function closedTranscriptRunIds(cutoffs: RetentionCutoffs): Prisma.Sql {
  return closedTranscriptRun(cutoffs.closedTranscriptSteps);
}
