import "server-only";
import type { AuditEventInput } from "@/lib/domain/audit-events";
import { ruleTaggings } from "@/lib/domain/tag-rules";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { applyTagRules } from "./apply-tag-rules";
import { toStoredActor } from "./audit-actor";

/*
 * Appends events inside the caller's transaction, so an event exists if and only if the change
 * it describes committed. Rows go in unsealed, with no position and no hash, and take no lock:
 * audited work in different conversations never waits on each other. The sealer
 * (seal-pending-logs.ts) gives them their place in the chain, in commit order, shortly after
 * commit; readers and verification only see sealed rows.
 */

/** An event plus the conversation it belongs to, for the audit log's conversation filter. */
export type AuditRecord = AuditEventInput & { conversationId?: string | null };

function conversationIdOf(event: AuditRecord): string | null {
  if (event.conversationId) return event.conversationId;
  const payload = event.payload as { conversationId?: unknown };
  return typeof payload.conversationId === "string" ? payload.conversationId : null;
}

/**
 * In the caller's transaction, or given the client, as one INSERT of its own. Events that fire a
 * tag rule (lib/domain/tag-rules.ts) tag their conversation in the same transaction; the rules
 * are matched in memory, so events that fire none cost no extra statement.
 */
export async function appendAuditEvents(
  tx: Prisma.TransactionClient | PrismaClient,
  events: readonly AuditRecord[],
): Promise<void> {
  const [first] = events;
  if (!first) return;
  const taggings = ruleTaggings(
    events.map((event) => ({ ...event, conversationId: conversationIdOf(event) })),
  );
  if (taggings.length === 0) {
    await tx.$executeRaw(insertAuditEventsSql(events));
    return;
  }
  const appendTagged = async (inner: Prisma.TransactionClient) => {
    await inner.$executeRaw(insertAuditEventsSql(events));
    const tagged = await applyTagRules(inner, taggings, first.occurredAt);
    if (tagged.length > 0) await inner.$executeRaw(insertAuditEventsSql(tagged));
  };
  if ("$transaction" in tx) await tx.$transaction(appendTagged);
  else await appendTagged(tx);
}

/**
 * The INSERT alone (no tag rules: its callers write kinds no rule reads), for a caller that writes its change and its audit rows as one statement
 * (the INSERT as the main statement after a WITH of data-modifying CTEs): atomic without a
 * transaction of its own.
 */
export function insertAuditEventsSql(
  events: readonly AuditRecord[],
  // A condition on the statement's other CTEs: the events are written only if it holds.
  onlyIf: Prisma.Sql = Prisma.sql`TRUE`,
): Prisma.Sql {
  const actors = events.map((event) => toStoredActor(event.actor));
  // One statement, whatever the number of events: ids come from the sequence in array order, so
  // a transaction's own events keep their order inside the chain. Raw SQL because Prisma plans
  // every createMany afresh (its plan cache skips them), and compiling a plan for 200 rows costs
  // more CPU than the rest of a refused approval (measured with bench:approve).
  return Prisma.sql`
    INSERT INTO audit_events
      (kind, actor_kind, actor_id, subject_type, subject_id, conversation_id, payload, created_at)
    SELECT kind, actor_kind::"ActorKind", actor_id, subject_type, subject_id, conversation_id,
           payload::jsonb, created_at::timestamptz
    FROM unnest(
      ${events.map((event) => event.kind)}::text[],
      ${actors.map((actor) => actor.kind)}::text[],
      ${actors.map((actor) => actor.id)}::text[],
      ${events.map((event) => event.subjectType)}::text[],
      ${events.map((event) => event.subjectId)}::text[],
      ${events.map(conversationIdOf)}::text[],
      ${events.map((event) => JSON.stringify(event.payload))}::text[],
      ${events.map((event) => event.occurredAt.toISOString())}::text[]
    ) WITH ORDINALITY AS event(
      kind, actor_kind, actor_id, subject_type, subject_id, conversation_id, payload, created_at, n
    )
    WHERE ${onlyIf}
    ORDER BY n`;
}
