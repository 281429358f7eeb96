import "server-only";
import type { AuditEventInput } from "@/lib/domain/audit-events";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { toStoredActor } from "./audit-actor";
import "./server-audit-events";

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

/** In the caller's transaction, or given the client, as one INSERT of its own. */
export async function appendAuditEvents(
  tx: Prisma.TransactionClient | PrismaClient,
  events: readonly AuditRecord[],
): Promise<void> {
  if (events.length === 0) return;
  // One statement; ids come from the sequence in array order, so a transaction's own events
  // keep their order inside the chain.
  await tx.auditEvent.createMany({
    data: events.map((event) => {
      const actor = toStoredActor(event.actor);
      return {
        kind: event.kind,
        actorKind: actor.kind,
        actorId: actor.id,
        subjectType: event.subjectType,
        subjectId: event.subjectId,
        conversationId: conversationIdOf(event),
        payload: event.payload as Prisma.InputJsonValue,
        createdAt: event.occurredAt,
      };
    }),
  });
}
